//! A balance's table of what each characteristic is worth: the candidate with each of its card's
//! characteristics ([`DuelDef::stats`]) one step worse and one step better (down and up, or up
//! and down for a target number), each variant duelling every
//! gauntlet opponent on the dice of the candidate's own duel with that opponent (common random
//! numbers: a characteristic the duel never reads gives the very same duels, so "this duel does
//! not price it" holds exactly even when sampled). The variant's card is a copy of the
//! candidate's under a new key, as a sweep writes a swept number (`sweep.rs`, `patch`), so every
//! other use of the card keeps its own. The values themselves are `analysis::stat_value`'s.

use super::super::ctx::cell;
use super::balance::BalanceSpec;
use super::plan::Planner;
use crate::analysis::layout::{Step, Variant};
use crate::analysis::scenario::CellSpec;
use crate::error::InputError;
use crate::system::{DuelDef, Stat};
use serde_json::json;
use toml::{Table, Value};

impl Planner<'_> {
    /// Every variant of the candidate (`labels[0]`) against the `gauntlet` (`labels[1..]`),
    /// their cells appended to `cells`, each on the stream of the candidate's cell against the
    /// same opponent (`cand_cells`). A value the card's limits refuse is a variant with no cells
    /// and the reason. `None` with why when there are no variants at all.
    pub(super) fn variants(
        &self,
        d: &DuelDef,
        b: &BalanceSpec,
        gauntlet: &[(String, Table)],
        labels: &[String],
        (cells, cand_cells): (&mut Vec<CellSpec>, &[Option<usize>]),
    ) -> Result<(Vec<Variant>, Option<String>), InputError> {
        if b.stat_values == Some(false) {
            return Ok((Vec::new(), Some("`stat_values = false` in [balance]".into())));
        }
        if d.stats.is_empty() {
            return Ok((Vec::new(), Some("this system declares no characteristics for its cards".into())));
        }
        let card =
            b.candidate.get("card").and_then(Value::as_str).and_then(|c| Some((c, self.entry(d.card_table, c)?)));
        let Some((card_name, card)) = card else {
            return Ok((Vec::new(), Some("the candidate names no card".into())));
        };
        let mut out = Vec::new();
        for stat in d.stats {
            let Some(from) = card.get(stat.field).and_then(Value::as_integer).or(stat.absent) else { continue };
            let words = self
                .system
                .vocabulary()
                .field(&format!("{}.{}", d.card_table, stat.field))
                .map_or(stat.field, |t| t.title)
                .to_string();
            for (better, to) in [false, true].into_iter().zip(stat.steps(from)) {
                self.stop_if_asked()?;
                let (cells_of, refused) = match self.variant(d, b, (card_name, &card), stat, to, gauntlet) {
                    Ok(built) => {
                        let mut mine = Vec::new();
                        for (oi, trial) in built.into_iter().enumerate() {
                            let who =
                                format!("{} ({words} {})", labels[0].trim_end_matches(" (candidate)"), stat.show(to));
                            let mut c = cell(
                                &format!("{who} vs {}", labels[oi + 1]),
                                vec![("fighter".into(), json!(who)), ("opponent".into(), json!(labels[oi + 1]))],
                                match cand_cells[oi] {
                                    Some(k) => trial.trial.on_stream_of(k),
                                    None => trial.trial,
                                },
                            );
                            c.inputs = trial.inputs;
                            mine.push(Some(cells.len()));
                            cells.push(c);
                        }
                        (mine, None)
                    }
                    Err(why) => (Vec::new(), Some(why)),
                };
                let step = Step {
                    stat: words.clone(),
                    field: stat.field.into(),
                    from,
                    to,
                    shown: [stat.show(from), stat.show(to)],
                    better,
                };
                out.push(Variant { step, cells: cells_of, refused });
            }
        }
        Ok((out, None))
    }

    /// The candidate's duels with `stat` at `to`, one per gauntlet opponent; `Err` with the
    /// card's limits when the system refuses the value.
    fn variant(
        &self,
        d: &DuelDef,
        b: &BalanceSpec,
        (card_name, card): (&str, &Table),
        stat: &Stat,
        to: i64,
        gauntlet: &[(String, Table)],
    ) -> Result<Vec<CellSpec>, String> {
        let mut entry = card.clone();
        entry.insert(stat.field.into(), Value::Integer(to));
        let key = format!("{card_name}~{}={to}", stat.field);
        let mut doc = self.doc.clone();
        let lib = doc.entry(d.card_table).or_insert_with(|| Value::Table(Table::new()));
        let Some(lib) = lib.as_table_mut() else { return Err(format!("[{}] is not a table", d.card_table)) };
        lib.insert(key.clone(), Value::Table(entry));
        let mut fighter = b.candidate.clone();
        fighter.insert("card".into(), Value::String(key));
        let mut built = Vec::new();
        for (opp_name, opp) in gauntlet {
            if crate::interrupt::stop_requested().is_some() {
                return Err("stopped before its duels were all built".into());
            }
            match self.balance_pair(&doc, b, (None, &fighter), (opp_name, opp), "") {
                Ok(one) => built.push(one.cell),
                Err(e) => {
                    let allowed = e.allowed.as_ref().map(|a| format!(": {a}")).unwrap_or_default();
                    return Err(format!("{} is beyond the card's limits{allowed}", stat.show(to)));
                }
            }
        }
        Ok(built)
    }
}
