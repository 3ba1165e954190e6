//! One result table — title, headers, rows — and its two renderings: Markdown (summary.md) and
//! aligned plain text (the terminal). Kept apart from `tables.rs` (which decides *which* tables a run
//! gets) so the per-system table builders depend on this model only, not on the dispatcher that
//! calls them.

use crate::safe;

/// The most characters of one cell the terminal shows (the full cell is in summary.md).
pub const TERMINAL_CELL: usize = 1_000;

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
    /// counted in the column widths and nothing a name holds reaches the terminal raw. Long
    /// words are cut and a cell is at most [`TERMINAL_CELL`] characters, so a 10,000-character
    /// name neither widens the table past the terminal nor fills the screen.
    fn terminal_safe(&self) -> Table {
        let line = |s: &String| crate::text::clip(&safe::terminal_words(s), TERMINAL_CELL).into_owned();
        Table {
            title: line(&self.title),
            headers: self.headers.iter().map(line).collect(),
            rows: self.rows.iter().map(|r| r.iter().map(line).collect()).collect(),
            terminal: self.terminal,
            notes: self.notes.iter().map(line).collect(),
        }
    }

    /// As aligned plain text no wider than `max` columns where the cells allow, its columns kept
    /// side by side: a table too wide as it stands is laid out again by [`Table::fitted`]
    /// (headers and row labels wrapped, each interval under its value, or rows and columns
    /// swapped), and only a table that fits none of those ways is printed in column groups. A
    /// long title is wrapped. The full table is always in summary.md and the CSV.
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
        if let Some(s) = self.fitted(max) {
            return s;
        }
        if cols < 3 || widths[0] + 2 + widths[1..].iter().copied().max().unwrap_or(0) > max {
            return self.records(max);
        }
        self.column_groups(max, &widths)
    }

    /// The table laid out in `max` columns with every column still side by side, if it can be:
    /// of the shapes in [`Shape::TRIED`], the first group with a shape that fits gives the one of
    /// fewest lines (rows as they are first, then rows and columns swapped, then each row's label
    /// on a line of its own above its cells).
    /// Whether the table can be laid out in `max` columns with every column side by side.
    pub fn fits_side_by_side(&self, max: usize) -> bool {
        self.terminal_safe().fitted(max).is_some()
    }

    fn fitted(&self, max: usize) -> Option<String> {
        let transposed = self.transposed();
        for group in Shape::TRIED {
            let best = group
                .iter()
                .filter_map(|shape| {
                    let table = if shape.transposed { transposed.as_ref()? } else { self };
                    table.shaped(max, *shape)
                })
                .min_by_key(|s| s.lines().count());
            if best.is_some() {
                return best;
            }
        }
        None
    }

    /// Rows and columns swapped: the headers after the first become the row labels, the row
    /// labels the headers (under an empty corner: nothing names what the old headers were).
    fn transposed(&self) -> Option<Table> {
        if self.rows.is_empty() || self.headers.len() < 2 {
            return None;
        }
        let mut headers = vec![String::new()];
        headers.extend(self.rows.iter().map(|r| r[0].clone()));
        let rows = (1..self.headers.len())
            .map(|c| std::iter::once(self.headers[c].clone()).chain(self.rows.iter().map(|r| r[c].clone())).collect())
            .collect();
        Some(Table { title: self.title.clone(), headers, rows, terminal: self.terminal, notes: Vec::new() })
    }

    /// The table in `shape`, no wider than `max`, or `None` when it cannot be. Headers wrap at
    /// spaces to the width of their column's cells, widened back while there is room (the
    /// header of most lines first); row labels wrap (continued lines indented) to the width
    /// that, with the headers it leaves room for, gives the fewest lines — never below 12
    /// characters or their longest word.
    fn shaped(&self, max: usize, shape: Shape) -> Option<String> {
        let cols = self.headers.len();
        let cells: Vec<Vec<Vec<String>>> = self
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .enumerate()
                    .map(|(c, x)| if c > 0 && shape.stacked { stack(x) } else { vec![x.clone()] })
                    .collect()
            })
            .collect();
        let cell_w = |c: usize| cells.iter().flat_map(|r| r[c].iter()).map(|l| l.chars().count()).max().unwrap_or(0);
        let full: Vec<usize> = (0..cols).map(|c| cell_w(c).max(self.headers[c].chars().count())).collect();
        let narrow: Vec<usize> = (0..cols).map(|c| cell_w(c).max(longest_word(&self.headers[c]))).collect();
        let data = narrow[1..].iter().sum::<usize>() + shape.gap * cols.saturating_sub(2);
        if shape.labels_above {
            if 2 + data > max {
                return None;
            }
            let mut w = narrow;
            w[0] = 0;
            widen_headers(&self.headers, &mut w, &full, max - 2 - data);
            return Some(self.render_shaped(&cells, &w, shape, max));
        }
        let avail = max.checked_sub(data + shape.gap)?;
        // A continued label line is indented by 2, so its words need 2 more.
        let words = self.rows.iter().map(|r| longest_word(&r[0]) + 2).chain([longest_word(&self.headers[0])]);
        let floor = words.max().unwrap_or(0).max(full[0].min(12)).min(full[0]);
        let best = (floor..=full[0].min(avail))
            .map(|w0| {
                let mut w = narrow.clone();
                w[0] = w0;
                let heads = widen_headers(&self.headers, &mut w, &full, avail - w0);
                let body: usize = self
                    .rows
                    .iter()
                    .zip(&cells)
                    .map(|(r, row)| {
                        row[1..].iter().map(Vec::len).chain([label_lines(&r[0], w0).len()]).max().unwrap_or(1)
                    })
                    .sum();
                ((heads + body, heads), w)
            })
            .min_by_key(|(cost, _)| *cost)?;
        Some(self.render_shaped(&cells, &best.1, shape, max))
    }

    /// Lays out [`Table::shaped`]'s cells in widths `w`: headers bottom-aligned above a rule,
    /// each row as many lines as its tallest cell.
    fn render_shaped(&self, cells: &[Vec<Vec<String>>], w: &[usize], shape: Shape, max: usize) -> String {
        let first = usize::from(shape.labels_above);
        let indent = if shape.labels_above { "  " } else { "" };
        let block = |parts: &[Vec<String>], bottom: bool| -> String {
            let height = parts.iter().map(Vec::len).max().unwrap_or(0);
            let mut s = String::new();
            for i in 0..height {
                let line = (first..w.len())
                    .map(|c| {
                        let p = &parts[c - first];
                        let k = if bottom { (i + p.len()).checked_sub(height) } else { Some(i) };
                        let text = k.and_then(|k| p.get(k)).map(String::as_str).unwrap_or("");
                        format!("{text}{}", " ".repeat(w[c].saturating_sub(text.chars().count())))
                    })
                    .collect::<Vec<_>>()
                    .join(&" ".repeat(shape.gap));
                s.push_str(&format!("{indent}{}\n", line.trim_end()));
            }
            s
        };
        let mut s = crate::text::wrap(&self.title, max, "", "  ");
        if shape.labels_above && !self.headers[0].is_empty() {
            s.push_str(&crate::text::wrap(&self.headers[0], max, "", "  "));
        }
        let heads: Vec<Vec<String>> = (first..w.len()).map(|c| wrapped(&self.headers[c], w[c])).collect();
        s.push_str(&block(&heads, true));
        let rule: Vec<String> = (first..w.len()).map(|c| "-".repeat(w[c])).collect();
        s.push_str(&format!("{indent}{}\n", rule.join(&" ".repeat(shape.gap))));
        for (r, row) in self.rows.iter().zip(cells) {
            if shape.labels_above {
                s.push_str(&crate::text::wrap(&r[0], max, "", "  "));
                s.push_str(&block(&row[1..], false));
            } else {
                let mut parts = vec![label_lines(&r[0], w[0])];
                parts.extend(row[1..].iter().cloned());
                s.push_str(&block(&parts, false));
            }
        }
        s
    }

    /// The old way for a table no shape fits: greedy groups of the other columns, each with the
    /// first one in front, titled "(1 of N)".
    fn column_groups(&self, max: usize, widths: &[usize]) -> String {
        let cols = self.headers.len();
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

/// The ways [`Table::fitted`] tries to lay a too-wide table out, in groups: within a group the
/// fewest lines win; a later group is tried only when no shape of the earlier ones fits.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Rows and columns swapped.
    transposed: bool,
    /// Each interval on a line under its value ([`stack`]).
    stacked: bool,
    /// Each row's label on a line of its own above its cells, which then have the full width.
    labels_above: bool,
    /// Spaces between two columns: 2, or 1 in the last shape tried before column groups (many
    /// opponents × six measures whose intervals print 4 decimals — a 2013 balance test against
    /// its seven-fighter gauntlet — are 2 columns too wide for 100 with 2).
    gap: usize,
}

impl Shape {
    const fn new(transposed: bool, stacked: bool, labels_above: bool) -> Shape {
        Shape { transposed, stacked, labels_above, gap: 2 }
    }

    const fn tight(transposed: bool) -> Shape {
        Shape { transposed, stacked: true, labels_above: true, gap: 1 }
    }

    const TRIED: [&'static [Shape]; 4] = [
        &[Shape::new(false, false, false), Shape::new(false, true, false)],
        &[Shape::new(true, false, false), Shape::new(true, true, false)],
        &[Shape::new(false, true, true), Shape::new(true, true, true)],
        &[Shape::tight(false), Shape::tight(true)],
    ];
}

/// A cell as the lines [`Shape::stacked`] prints: a value and its interval ("85.11% [84.60,
/// 85.59]", "8.711 ± 0.022") as two lines, the interval under the value; any other cell whole.
fn stack(cell: &str) -> Vec<String> {
    let split = if cell.ends_with(']') { cell.rfind(" [") } else { None }.or_else(|| cell.find(" ± "));
    match split {
        Some(i) if i > 0 => vec![cell[..i].to_string(), cell[i + 1..].to_string()],
        _ => vec![cell.to_string()],
    }
}

/// The width of the longest word of `s`: the narrowest it wraps to.
fn longest_word(s: &str) -> usize {
    s.split(' ').map(|w| w.chars().count()).max().unwrap_or(0)
}

/// Widens the wrapped headers of columns 1.. in widths `w` (at most to `full`) by `room`
/// columns in all, each step taking the header of most lines to its next shorter wrap; returns
/// the header lines left.
fn widen_headers(headers: &[String], w: &mut [usize], full: &[usize], mut room: usize) -> usize {
    let lines = |c: usize, width: usize| wrapped(&headers[c], width).len();
    loop {
        let mut order: Vec<usize> = (1..w.len()).filter(|&c| lines(c, w[c]) > 1).collect();
        order.sort_by_key(|&c| std::cmp::Reverse(lines(c, w[c])));
        let step = order.iter().find_map(|&c| {
            let to = (w[c] + 1..=full[c]).find(|&x| lines(c, x) < lines(c, w[c]))?;
            (to - w[c] <= room).then_some((c, to))
        });
        let Some((c, to)) = step else { break };
        room -= to - w[c];
        w[c] = to;
    }
    (1..w.len()).map(|c| lines(c, w[c])).max().unwrap_or(1)
}

/// A row label wrapped to `width`, its continued lines indented by 2 so they do not read as
/// rows of their own.
fn label_lines(s: &str, width: usize) -> Vec<String> {
    crate::text::wrap(s, width, "", "  ").lines().map(str::to_string).collect()
}

/// `s` wrapped at spaces to `width` (a longer word stands alone on its line).
fn wrapped(s: &str, width: usize) -> Vec<String> {
    crate::text::wrap(s, width, "", "").lines().map(str::to_string).collect()
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

    /// A long row label wraps (its continued line indented) and the value keeps its interval
    /// beside it: the table is not cut into column groups (issue #25, the Batman duels).
    #[test]
    fn a_long_label_wraps_and_the_interval_stays_beside_its_value() {
        let long = "Batman + Unarmed wins (the opponent is down or out, Batman + Unarmed is not) x";
        let t = grid(
            "Duel outcome",
            &["event", "probability", "95 % interval"],
            &[&[long, "85.11%", "[84.60, 85.59]"], &["draw", "13.87%", "[13.40, 14.36]"]],
        );
        let s = t.plain_fit(80);
        assert!(!s.contains("(1 of"), "{s}");
        assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
        let lines: Vec<&str> = s.lines().collect();
        assert!(
            lines[3].starts_with("Batman + Unarmed wins")
                && lines[3].contains("85.11%")
                && lines[3].contains("[84.60, 85.59]"),
            "{s}"
        );
        assert!(lines[4].starts_with("  ") && !lines[4].contains('%'), "a continued label is indented: {s}");
        assert!(lines[5].starts_with("draw") && lines[5].contains("13.87%"), "{s}");
    }

    /// Columns too wide side by side put each interval under its value, and long headers wrap
    /// above their column, bottom-aligned on the rule.
    #[test]
    fn intervals_go_under_their_values_when_that_makes_the_table_fit() {
        let cell = "91.66% [91.27, 92.04]";
        let t = grid(
            "Against each opponent",
            &["opponent", "P(win)", "P(draw: both standing or both down)", "P(loss)", "rounds"],
            &[&["Brawler", cell, cell, cell, "1.381 ± 0.008"], &["Thug", cell, cell, cell, "1.161 ± 0.006"]],
        );
        let s = t.plain_fit(70);
        assert!(!s.contains("(1 of") && s.lines().all(|l| l.chars().count() <= 70), "{s}");
        let lines: Vec<&str> = s.lines().collect();
        assert!(lines.iter().any(|l| l.starts_with("Brawler") && l.contains("91.66%  ") && l.contains("1.381")), "{s}");
        assert!(lines.iter().any(|l| l.trim_start().starts_with("[91.27, 92.04]") && l.contains("± 0.008")), "{s}");
        assert!(lines[1].contains("P(draw: both") && lines[3].contains("P(win)"), "headers bottom-aligned: {s}");
    }

    /// Many narrow rows of few columns that are too wide as they stand are printed swapped:
    /// the columns become rows.
    #[test]
    fn a_table_swaps_rows_and_columns_when_only_that_fits() {
        let headers: Vec<String> = (0..8).map(|i| format!("situation number {i} with a long name")).collect();
        let mut h = vec!["weapon"];
        h.extend(headers.iter().map(String::as_str));
        let mut t = Table::new("Wide", &h, true);
        for w in ["rifle", "pistol"] {
            t.rows.push(std::iter::once(w.to_string()).chain((0..8).map(|i| format!("{i}.123456789 ± 0.1"))).collect());
        }
        let s = t.plain_fit(60);
        assert!(!s.contains("(1 of") && s.lines().all(|l| l.chars().count() <= 60), "{s}");
        let rifle_header = s.lines().find(|l| l.contains("rifle")).expect("a header names the rows");
        assert!(rifle_header.contains("pistol"), "the weapons stand side by side: {s}");
        assert!(s.lines().any(|l| l.starts_with("situation number 7")), "{s}");
    }

    /// Six columns of 4-decimal intervals under 7 labels, 2 columns too wide for 100 with the
    /// intervals under their values and the labels above, fit with one space between columns
    /// rather than in column groups (the 2013 balance test against its gauntlet).
    #[test]
    fn one_space_between_columns_before_column_groups() {
        let (narrow, wide) = ("18.20% [16.57, 19.95]", "0.0500% [0.0088, 0.2827]");
        let h = ["opponent", "P(win)", "P(draw)", "P(loss)", "rounds", "dealt", "taken"];
        let mut t = Table::new("Against each opponent", &h, true);
        for r in 0..7 {
            let cells = [narrow, narrow, wide, narrow, wide, wide].map(String::from);
            t.rows.push(std::iter::once(format!("Opponent number {r} + knife")).chain(cells).collect());
        }
        let s = t.plain_fit(100);
        assert!(!s.contains("(1 of") && s.lines().all(|l| l.chars().count() <= 100), "{s}");
        let intervals =
            "  [16.57, 19.95] [16.57, 19.95] [0.0088, 0.2827] [16.57, 19.95] [0.0088, 0.2827] [0.0088, 0.2827]";
        assert!(s.lines().any(|l| l == intervals), "{s}");
        // With room for two spaces, two it is.
        let s = t.plain_fit(110);
        assert!(s.lines().any(|l| l.contains("0.2827]  [0.0088")) && !s.contains("0.2827] [0.0088"), "{s}");
    }

    /// A table that no shape fits still prints, in column groups.
    #[test]
    fn column_groups_are_the_last_resort() {
        let words: Vec<String> = (0..12).map(|i| format!("unbreakable_header_number_{i}")).collect();
        let mut h = vec!["row"];
        h.extend(words.iter().map(String::as_str));
        let mut t = Table::new("Too wide", &h, true);
        for r in 0..12 {
            t.rows.push(
                std::iter::once(format!("row_label_that_is_long_{r}")).chain((0..12).map(|i| i.to_string())).collect(),
            );
        }
        let s = t.plain_fit(100);
        assert!(s.contains("(1 of "), "{s}");
        assert!(s.lines().all(|l| l.chars().count() <= 100), "{s}");
    }
}
