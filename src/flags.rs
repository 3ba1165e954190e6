//! The numbers a person types to override a scenario's — `--seed`, `--trials`, `--max-trials` —
//! read from their text: a whole number in any spelling [`config::number::whole`] reads (`1e6`,
//! `1_000_000`), within the config's own range for a seed ([`config::SEED_RANGE`]); a trial
//! count's range is the loader's to check ([`config::TRIALS_RANGE`]). A bad value is an
//! [`InputError`] naming the flag. The command line reads its flags with these, and the local
//! page its query's `seed`, `trials` and `max_trials`, so both give the same words.

use crate::config;
use crate::error::InputError;

/// `--seed`: a whole number a config file could also hold (TOML integers are signed 64-bit),
/// written as digits, with `_` between them or with an exponent (`1e6`).
pub(crate) fn parse_seed(s: &str) -> Result<u64, InputError> {
    let bad = |m: String| InputError::msg(m).field("--seed", config::SEED_RANGE);
    match config::number::whole(s) {
        Some(v) if v < 0 => Err(bad(format!("seed {s} is negative"))),
        Some(v) if v > i64::MAX as i128 => Err(bad(format!("seed {s} is too large"))),
        Some(v) => Ok(v as u64),
        None => Err(bad(format!("`{s}` is not a whole number"))),
    }
}

/// `--trials`, `--max-trials`: a whole number (`1000000`, `1_000_000`, `1e6`); its range is the
/// loader's to check, with the config's own words, once it fits an `i64`.
pub(crate) fn parse_trials(flag: &str, s: &str) -> Result<i64, InputError> {
    let range = || format!("{}..={}", config::TRIALS_RANGE.start(), config::TRIALS_RANGE.end());
    match config::number::whole(s) {
        Some(v) => {
            i64::try_from(v).map_err(|_| InputError::msg(format!("{s} trials is out of range")).field(flag, range()))
        }
        None => Err(InputError::msg(format!("`{s}` is not a whole number of trials"))
            .field(flag, format!("{} (`1e6` and `1_000_000` are read as 1000000)", range()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trial_counts_and_seeds_are_read_in_every_spelling() {
        for (s, v) in [("1000000", 1_000_000), ("1_000_000", 1_000_000), ("1e6", 1_000_000), ("2.5e5", 250_000)] {
            assert_eq!(parse_trials("--trials", s).unwrap(), v, "{s}");
        }
        assert_eq!(parse_seed("1e3").unwrap(), 1000);
        assert_eq!(parse_seed("9_223_372_036_854_775_807").unwrap(), i64::MAX as u64);
    }

    #[test]
    fn fractions_and_words_are_refused_with_the_range() {
        for s in ["1e-3", "1.5", "lots", "1__000"] {
            let e = parse_trials("--max-trials", s).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("--max-trials"), "{s}");
            assert!(e.message.contains("not a whole number"), "{s}: {e}");
            assert!(e.allowed.as_deref().unwrap().starts_with("1..=10000000000"), "{s}: {e}");
        }
        let e = parse_trials("--trials", "1e30").unwrap_err();
        assert!(e.message.contains("out of range"), "{e}");
        for s in ["1.5", "-1", "1e19"] {
            assert_eq!(parse_seed(s).unwrap_err().field.as_deref(), Some("--seed"), "{s}");
        }
    }
}
