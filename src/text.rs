//! Number and text formatting every layer uses (percentages, intervals, counts, wrapping).
//!
//! A leaf: it imports nothing of the crate, so the config loader, the error type and every
//! report writer can share one format without importing each other.

/// Decimals that show percentages `xs` (fractions of 1) with at least two significant digits
/// of the smallest one that is not zero, and never fewer than two: one format for a value and
/// its interval ("0.0100% [0.0097, 0.0200]", not "0.01% [0.0097, 0.02]").
fn decimals(xs: &[f64]) -> usize {
    let smallest = xs.iter().map(|x| x * 100.0).filter(|&x| x > 0.0).fold(f64::INFINITY, f64::min);
    if !smallest.is_finite() || smallest >= 1.0 {
        return 2;
    }
    ((-smallest.log10()).ceil() as usize + 1).clamp(2, 6)
}

/// A probability as a percentage: two decimals, more for small values (see [`decimals`]).
pub fn pct(p: f64) -> String {
    format!("{:.*}%", decimals(&[p]), p * 100.0)
}

/// `s` with its first letter in upper case ("parry" → "Parry"), for a word that opens a sentence.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A position in words up to twelfth ("second", "third"), then as a number ("13th").
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 12] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth",
    ];
    match WORDS.get(n.wrapping_sub(1)) {
        Some(w) => w.to_string(),
        None => format!("{n}th"),
    }
}

/// `n` and the noun in the number it takes: "1 enemy", "2 enemies", "1 impact die".
pub fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A 95 % interval as `[lo, hi]` in percent; `exact` for a zero-width (enumerated) one.
pub fn ci(lo: f64, hi: f64) -> String {
    if lo == hi {
        return "exact".to_string();
    }
    let d = distinct_decimals(decimals(&[lo, hi]), lo, hi);
    format!("[{:.*}, {:.*}]", d, lo * 100.0, d, hi * 100.0)
}

/// From `d`, as many decimals as `lo` and `hi` (in percent) need to print differently, up to 6:
/// "0.67% [0.67, 0.67]" would say the interval is nothing, where it is 0.666–0.674.
fn distinct_decimals(mut d: usize, lo: f64, hi: f64) -> usize {
    while d < 6 && format!("{:.*}", d, lo * 100.0) == format!("{:.*}", d, hi * 100.0) {
        d += 1;
    }
    d
}

/// `p [lo, hi]` in percent, all three with the same decimals; just `p` when exact (a sampled
/// interval never has zero width).
pub fn pct_ci(p: f64, lo: f64, hi: f64) -> String {
    if lo == hi {
        return pct(p);
    }
    let d = distinct_decimals(decimals(&[p, lo, hi]), lo, hi);
    format!("{:.*}% [{:.*}, {:.*}]", d, p * 100.0, d, lo * 100.0, d, hi * 100.0)
}

/// A mean with its 95 % interval half-width; just the mean when it has no sampling error
/// (exact, or a sampled measure that never varied).
pub fn mean_ci(mean: f64, stderr: f64, z: f64) -> String {
    if stderr == 0.0 { format!("{mean:.3}") } else { format!("{:.3} ± {:.3}", mean, z * stderr) }
}

/// `line` wrapped at word boundaries to at most `width` characters, the first line starting with
/// `first`, the others with `rest`; every line ends in a newline. A single word longer than the
/// width (a path) stays whole on its own line.
pub fn wrap(line: &str, width: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    let mut cur = first.to_string();
    let mut empty = true;
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        let fits = cur.chars().count() + 1 + word.chars().count() <= width;
        if !empty && !fits {
            out.push_str(cur.trim_end());
            out.push('\n');
            cur = rest.to_string();
            empty = true;
        }
        if !empty {
            cur.push(' ');
        }
        cur.push_str(word);
        empty = false;
    }
    out.push_str(cur.trim_end());
    out.push('\n');
    out
}

/// `s` with every run of characters without a space longer than `max` chars cut to its first
/// `max - 1` and "…", the spaces kept as they are. The terminal's layouts wrap at spaces, so a
/// 10,000-character name with none would make a 10,000-column line; cut, it fits any width of
/// at least `max` (the full text is in summary.md, the CSV and the JSON).
pub fn cut_long_words(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let long = |w: &str| w.chars().count() > max;
    if max == 0 || !s.split(char::is_whitespace).any(long) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len().min(4 * max));
    let mut run = 0;
    for c in s.chars() {
        if c.is_whitespace() {
            run = 0;
            out.push(c);
            continue;
        }
        run += 1;
        if run < max {
            out.push(c);
        } else if run == max {
            out.push('…');
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `s` cut to at most `max` characters, the last of them "…", for a name in a place with a
/// bounded room (a chart's label, a terminal cell): text measured or laid out whole would
/// cost time in proportion to its length, and only its start can be shown anyway.
pub fn clip(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if max == 0 || s.len() <= max || s.chars().count() <= max {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(s.chars().take(max - 1).chain(['…']).collect())
}

/// A length of time for a person: "0.4 s", "12 s", "3.5 min", "1.2 h".
pub fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 10.0 => format!("{s:.1} s"),
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.1} min", s / 60.0),
        s => format!("{:.1} h", s / 3600.0),
    }
}

/// A count with thousands separators: `1,000,000`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_number_format_for_a_value_and_its_interval() {
        assert_eq!(pct_ci(0.7527, 0.7518, 0.7535), "75.27% [75.18, 75.35]");
        assert_eq!(pct_ci(0.0001, 0.000097, 0.0002), "0.0100% [0.0097, 0.0200]");
        assert_eq!(ci(0.0, 0.000019), "[0.0000, 0.0019]");
        assert_eq!(pct(0.0097), "0.97%");
        assert_eq!(pct(0.00005), "0.0050%");
        assert_eq!(pct(0.0), "0.00%");
        assert_eq!(ci(0.2, 0.2), "exact");
        // A narrow interval gets the decimals that tell its bounds apart.
        assert_eq!(pct_ci(0.0067, 0.00666, 0.00674), "0.670% [0.666, 0.674]");
        assert_eq!(ci(0.00666, 0.00674), "[0.666, 0.674]");
        assert_eq!(plural(1, "enemy", "enemies"), "1 enemy");
        assert_eq!(plural(3, "impact die", "impact dice"), "3 impact dice");
    }

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let text =
            "Each fighter duels every gauntlet opponent but itself over 4 rounds; peers: Reputation within ±25 % of 40";
        let w = wrap(text, 40, "  ", "    ");
        assert!(w.lines().all(|l| l.chars().count() <= 40), "{w}");
        assert_eq!(w.split_whitespace().collect::<Vec<_>>(), text.split_whitespace().collect::<Vec<_>>());
        assert!(w.starts_with("  Each") && w.lines().nth(1).unwrap().starts_with("    "));
    }

    #[test]
    fn counts_and_percentages() {
        assert_eq!(count(1_000_000), "1,000,000");
        assert_eq!(count(999), "999");
        assert_eq!(count(1_048_576), "1,048,576");
        assert_eq!(pct(0.41677), "41.68%");
        assert_eq!(pct(0.00001), "0.0010%");
    }

    #[test]
    fn long_words_and_texts_are_cut() {
        let name = "x".repeat(10_000);
        let line = format!("Attacker: {name} (A5 D4)");
        let cut = cut_long_words(&line, 60);
        assert_eq!(cut, format!("Attacker: {}… (A5 D4)", "x".repeat(59)));
        assert!(wrap(&cut, 100, "  ", "    ").lines().all(|l| l.chars().count() <= 100));
        let sixty = "y".repeat(60);
        assert!(matches!(cut_long_words(&sixty, 60), std::borrow::Cow::Borrowed(_)));
        assert_eq!(cut_long_words(&format!("{sixty}z"), 60).chars().count(), 60);
        assert_eq!(clip("Bruiser + bat", 200), "Bruiser + bat");
        assert_eq!(clip(&name, 5), "xxxx…");
        assert_eq!(clip("★★★★★★", 3), "★★…");
    }
}
