//! Whole numbers as people type them on a command line: `1000000`, `1_000_000`, `1e6`, `2.5e5`.
//!
//! Read exactly, in decimal (never through a float, which would round `9007199254740993e0`):
//! a number written with a fraction or an exponent counts when its value is whole.

/// The whole number `s` writes, or `None` when it is not one (`1.5`, `1e-3`, `x`, `1__0`).
/// Underscores may sit between digits, as in TOML. Values past `i128` are `None` too; callers
/// check their own range.
pub fn whole(s: &str) -> Option<i128> {
    let s = s.trim();
    let (neg, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (mantissa, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let int = digits(int)?;
    let frac = match frac {
        Some(f) => digits(f)?,
        None => String::new(),
    };
    let exp: i64 = match exp {
        Some(e) => {
            let (sign, e) = match e.as_bytes().first() {
                Some(b'-') => (-1, &e[1..]),
                Some(b'+') => (1, &e[1..]),
                _ => (1, e),
            };
            sign * digits(e)?.parse::<i64>().ok().filter(|e| *e <= 60)?
        }
        None => 0,
    };
    // The digits of int.frac × 10^exp: shift the point right by `exp`.
    let all = format!("{int}{frac}");
    let point = int.len() as i64 + exp;
    if point < 0 {
        return all.bytes().all(|b| b == b'0').then_some(0);
    }
    let point = point as usize;
    let (whole, rest) = if point >= all.len() {
        (format!("{all}{}", "0".repeat(point - all.len())), "")
    } else {
        (all[..point].to_string(), &all[point..])
    };
    if !rest.bytes().all(|b| b == b'0') {
        return None;
    }
    let v: i128 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    Some(if neg { -v } else { v })
}

/// A decimal number TOML has read (`1e6` is 1000000.0) as an `i64`, when it is whole and within
/// range (every whole `f64` below 2^63 is exact).
pub fn whole_f64(f: f64) -> Option<i64> {
    (f.is_finite() && f.fract() == 0.0 && f.abs() < 9.2e18).then_some(f as i64)
}

/// ASCII digits with single underscores between them, the underscores removed; `None` for an
/// empty or malformed run.
fn digits(s: &str) -> Option<String> {
    if s.is_empty() || s.starts_with('_') || s.ends_with('_') || s.contains("__") {
        return None;
    }
    let out: String = s.chars().filter(|c| *c != '_').collect();
    out.bytes().all(|b| b.is_ascii_digit()).then_some(out)
}

/// Allowed seeds, in the config and on the command line (TOML integers are signed 64-bit). Here,
/// below the reader, so the reader's message for a number past 64 bits can name it.
pub const SEED_RANGE: &str = "0..=9223372036854775807";

/// What a field of whole numbers allows, for a number too large to read: the seed's own
/// range, else every TOML integer (the field's own range is checked once it reads).
pub fn integer_range(field: Option<&str>) -> String {
    match field {
        Some("seed") => SEED_RANGE.to_string(),
        _ => format!("a whole number from {} to {}", i64::MIN, i64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::whole;

    #[test]
    fn whole_numbers_in_every_spelling() {
        for (s, v) in [
            ("1000000", 1_000_000),
            ("1_000_000", 1_000_000),
            ("1e6", 1_000_000),
            ("1E6", 1_000_000),
            ("1e+6", 1_000_000),
            ("2.5e5", 250_000),
            ("1.5e3", 1500),
            ("10.0", 10),
            ("0", 0),
            ("-3", -3),
            ("+7", 7),
            ("1e19", 10_000_000_000_000_000_000),
            ("9007199254740993e0", 9_007_199_254_740_993),
            ("0.0e-5", 0),
        ] {
            assert_eq!(whole(s), Some(v), "{s}");
        }
    }

    #[test]
    fn fractions_and_words_are_not_whole() {
        for s in
            ["1.5", "1e-3", "2.55e1", "x", "", "1__0", "_1", "1_", "1e", "e6", "1.2.3", "inf", "NaN", "0x10", "1e999"]
        {
            assert_eq!(whole(s), None, "{s}");
        }
    }
}
