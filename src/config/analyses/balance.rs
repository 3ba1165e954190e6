//! `kind = "balance"`: a candidate fighter and the gauntlet, each duelling every gauntlet
//! opponent but itself, one duel cell per pair (`Layout::Balance`; the verdicts are
//! `analysis::balance`'s).

use super::super::ctx::{Built, cell};
use super::cell::Origin;
use super::plan::{MAX_LIST, Planner};
use crate::analysis::scenario::{BalanceLayout, BalanceRow, Layout};
use crate::error::InputError;
use crate::system::DuelDef;
use serde::Deserialize;
use serde_json::json;
use toml::{Table, Value};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(
    expecting = "a [balance] table with candidate, gauntlet, rounds, peer_band, outlier_threshold, cant_tell_width, stat_values, distributions"
)]
pub(super) struct BalanceSpec {
    pub(super) candidate: Table,
    gauntlet: Option<Vec<String>>,
    rounds: Option<i64>,
    peer_band: Option<f64>,
    outlier_threshold: Option<f64>,
    /// The widest fair-cost interval (high ÷ low) a "priced right" verdict may rest on; wider
    /// gives "can't tell" ([`crate::analysis::verdict::CANT_TELL_WIDTH`] by default).
    cant_tell_width: Option<f64>,
    /// Whether to price each characteristic of the candidate's card one step worse and better
    /// (default true; false saves two duels per characteristic per opponent).
    pub(super) stat_values: Option<bool>,
    /// Whether an exact balance also samples every duel for its full distributions (damage,
    /// effort, rounds; default false — its answer uses none of them). A sampled balance samples
    /// them anyway.
    distributions: Option<bool>,
}

/// A TOML value written with every table's keys sorted, so two tables that differ only in the
/// order their fields were written compare equal.
fn canonical(v: &Value) -> String {
    match v {
        Value::Table(t) => {
            let mut keys: Vec<&String> = t.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys.iter().map(|k| format!("{k:?}={}", canonical(&t[k.as_str()]))).collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => format!("{other:?}"),
    }
}

/// The largest cost a fighter may state (far above any game's; a guard against typos like 1e300).
const MAX_COST: f64 = 1_000_000.0;

impl Planner<'_> {
    /// A fighter's cost: its own `cost`, else its card's cost fields.
    pub(super) fn cost(&self, d: &DuelDef, f: &Table) -> Vec<Option<f64>> {
        let num = |v: &Value| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
        if let Some(c) = f.get("cost").and_then(num) {
            return (0..d.costs.len()).map(|i| (i == 0).then_some(c)).collect();
        }
        let card = f.get("card").and_then(Value::as_str).and_then(|c| self.entry(d.card_table, c));
        let field = |i: usize| d.cost_fields.get(i).and_then(|n| card.as_ref()?.get(*n)).and_then(num);
        (0..d.costs.len()).map(field).collect()
    }

    /// A fighter's label: its `label`, else its card's name and its weapon's (where the system
    /// names one: [`DuelDef::fighter_weapon`]).
    pub(super) fn fighter_label(&self, d: &DuelDef, f: &Table) -> String {
        if let Some(l) = f.get("label").and_then(Value::as_str) {
            return l.to_string();
        }
        let card = f.get("card").and_then(Value::as_str).unwrap_or("?");
        let mut label = self.display(d.card_table, card);
        if let Some((field, table)) = d.fighter_weapon
            && let Some(w) = f.get(field).and_then(Value::as_str)
        {
            let shown = match d.builtin_weapons.iter().find(|(k, _)| *k == w) {
                _ if self.entry(table, w).is_some() => self.display(table, w),
                Some((_, name)) => name.to_string(),
                None => w.to_string(),
            };
            label = format!("{label} + {shown}");
        }
        label
    }

    /// `peer_band` and `outlier_threshold`, defaulted and checked.
    fn balance_bands(&self, b: &BalanceSpec) -> Result<(f64, f64), InputError> {
        let peer_band = b.peer_band.unwrap_or(0.25);
        if !(peer_band > 0.0 && peer_band <= 2.0) {
            return Err(self.err(
                &["balance", "peer_band"],
                format!("peer_band {peer_band}"),
                "greater than 0, at most 2 (fraction of the candidate's cost)",
            ));
        }
        let threshold = b.outlier_threshold.unwrap_or(0.25);
        if !(threshold > 0.0 && threshold <= 5.0) {
            return Err(self.err(
                &["balance", "outlier_threshold"],
                format!("outlier_threshold {threshold}"),
                "greater than 0, at most 5 (relative difference)",
            ));
        }
        Ok((peer_band, threshold))
    }

    /// `cant_tell_width`, defaulted and checked: above 1 (an interval of one price is no
    /// interval), at most 1,000.
    fn cant_tell_width(&self, b: &BalanceSpec) -> Result<f64, InputError> {
        let w = b.cant_tell_width.unwrap_or(crate::analysis::verdict::CANT_TELL_WIDTH);
        if !(w > 1.0 && w <= 1000.0) {
            return Err(self.err(
                &["balance", "cant_tell_width"],
                format!("cant_tell_width {w}"),
                "greater than 1, at most 1000 (the fair cost interval's high ÷ low)",
            ));
        }
        Ok(w)
    }

    /// What makes two gauntlet fighters the same card: the fighter's fields but its label, with
    /// its card's fields (but the card's name) and its cost written out — two names for one
    /// card, weapon and choices are one card.
    fn identity(&self, d: &DuelDef, f: &Table) -> String {
        let mut t = f.clone();
        t.remove("label");
        if let Some(card) = f.get("card").and_then(Value::as_str).and_then(|c| self.entry(d.card_table, c)) {
            let mut card = card.clone();
            card.remove("name");
            t.insert("card".into(), Value::Table(card));
        }
        if let Some((field, table)) = d.fighter_weapon
            && let Some(w) = f.get(field).and_then(Value::as_str).and_then(|w| self.entry(table, w))
        {
            let mut w = w.clone();
            w.remove("name");
            t.insert(field.into(), Value::Table(w));
        }
        let costs = self.cost(d, f);
        format!("{} {costs:?}", canonical(&Value::Table(t)))
    }

    /// The candidate's costs, the first of which must be known: the verdict compares fighters
    /// per point of it. An unknown card is told first (else it would read as "no cost").
    fn candidate_costs(&self, d: &DuelDef, b: &BalanceSpec) -> Result<(Vec<Option<f64>>, f64), InputError> {
        if let Some(card) = b.candidate.get("card").and_then(Value::as_str)
            && self.entry(d.card_table, card).is_none()
        {
            let names = self.entry_names(d.card_table);
            return Err(self.err(
                &["balance", "candidate", "card"],
                format!("unknown card `{card}`"),
                if names.is_empty() {
                    format!("no [{}.NAME] entries are defined: add one or include a library", d.card_table)
                } else {
                    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                },
            ));
        }
        let cand_costs = self.cost(d, &b.candidate);
        let Some(cand_cost) = cand_costs[0] else {
            let from_card = if d.cost_fields.is_empty() {
                String::new()
            } else {
                format!(", or a card with `{}`", d.cost_fields[0])
            };
            let card = b.candidate.get("card").and_then(Value::as_str).unwrap_or("");
            return Err(self.err(
                &["balance", "candidate", "card"],
                match d.cost_fields.first() {
                    Some(f) => format!("card `{card}` has no `{f}` and the candidate no `cost`: a balance test compares fighters per point of cost"),
                    None => "the candidate has no `cost`: a balance test compares fighters per point of cost".to_string(),
                },
                format!("`cost = …` on the candidate{from_card}"),
            ));
        };
        Ok((cand_costs, cand_cost))
    }

    /// A fighter's first cost, checked: finite, at least 0, at most [`MAX_COST`]. Reported at
    /// its own `cost` (`at` the fighter's key, in `file`), else at its card's cost field.
    fn check_cost(&self, d: &DuelDef, f: &Table, c: Option<f64>, file: usize, at: &[&str]) -> Result<(), InputError> {
        let Some(c) = c else { return Ok(()) };
        if c.is_finite() && (0.0..=MAX_COST).contains(&c) {
            return Ok(());
        }
        let allowed = format!("a number from 0 to {MAX_COST}");
        let msg = format!("cost {c} is not a price");
        if f.contains_key("cost") {
            let mut path = at.to_vec();
            path.push("cost");
            return Err(self.ctx.err(file, &path, msg, allowed));
        }
        let card = f.get("card").and_then(Value::as_str).unwrap_or("");
        let field = d.cost_fields.first().copied().unwrap_or("cost");
        Err(self.ctx.err(self.entry_file(d.card_table, card), &[d.card_table, card, field], msg, allowed))
    }

    /// The gauntlet's fighters by name (`gauntlet`, else every `[fighters.NAME]`), each found.
    fn gauntlet(&self, b: &BalanceSpec) -> Result<Vec<(String, Table)>, InputError> {
        let fighters = self.entry_names("fighters");
        let names: Vec<String> = b.gauntlet.clone().unwrap_or_else(|| fighters.clone());
        // Two at least: a lone reference fighter meets no other, so it has no figures to rate.
        if names.len() < 2 || names.len() > MAX_LIST {
            return Err(self.err(
                &["balance", "gauntlet"],
                format!("{} gauntlet fighters", names.len()),
                format!("2..={MAX_LIST} names of [fighters.NAME] entries (e.g. from an included gauntlet file)"),
            ));
        }
        if let Some(twice) = names.iter().enumerate().find_map(|(i, n)| names[..i].contains(n).then_some(n)) {
            return Err(self.err(
                &["balance", "gauntlet"],
                format!("`{twice}` is named twice: it would count twice in the cost curve"),
                "each [fighters.NAME] entry once",
            ));
        }
        let mut gauntlet = Vec::new();
        for n in &names {
            let f = self.entry("fighters", n).ok_or_else(|| {
                self.err(
                    &["balance", "gauntlet"],
                    format!("unknown fighter `{n}`"),
                    fighters.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
                )
            })?;
            gauntlet.push((n.clone(), f));
        }
        Ok(gauntlet)
    }

    /// `Err` once a signal (or the page's Stop) asks the run to end: building a large balance's
    /// duels takes seconds in a debug build, and Ctrl-C must not wait for it. The caller that
    /// sees a signal reports it as one (`cli::load`), not as this message.
    pub(super) fn stop_if_asked(&self) -> Result<(), InputError> {
        match crate::interrupt::stop_requested() {
            Some(_) => Err(self.err(&["balance"], "stopped before its duels were all built", "a run left to finish")),
            None => Ok(()),
        }
    }

    /// One pair's duel, built through the system: `fighter` (the candidate when `row_name` is
    /// `None`) against the gauntlet's `opp_name`. `what` names the pair in an error; each
    /// fighter's own fields are reported at its key, with no pair named.
    pub(super) fn balance_pair(
        &self,
        base: &Table,
        b: &BalanceSpec,
        (row_name, fighter): (Option<&str>, &Table),
        (opp_name, opp): (&str, &Table),
        what: &str,
    ) -> Result<super::cell::Built1, InputError> {
        let mut doc = base.clone();
        let mut duel = Table::new();
        duel.insert("rounds".into(), Value::Integer(b.rounds.unwrap_or(4)));
        duel.insert("a".into(), Value::Table(fighter.clone()));
        duel.insert("b".into(), Value::Table(opp.clone()));
        doc.insert("duel".into(), Value::Table(duel));
        let at: &[&str] = if row_name.is_none() { &["balance", "candidate"] } else { &["balance", "gauntlet"] };
        let fighter_at = |side: &str, name: Option<&str>| {
            let mut o = match name {
                None => Origin::at(format!("duel.{side}"), 0, ["balance", "candidate"]),
                Some(n) => Origin::at(format!("duel.{side}"), self.entry_file("fighters", n), ["fighters", n]),
            };
            o.per_cell = false;
            o
        };
        let mut origins = vec![fighter_at("a", row_name), fighter_at("b", Some(opp_name))];
        if b.rounds.is_some() {
            origins.push(Origin { per_cell: false, ..Origin::at("duel.rounds".into(), 0, ["balance", "rounds"]) });
        }
        self.build1(doc, "duel", at, what, &origins)
    }

    pub(super) fn balance(&self, b: &BalanceSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let Some(d) = self.system.duel() else { unreachable!("balance is offered only with a duel") };
        let rounds = b.rounds.unwrap_or(4);
        let (peer_band, threshold) = self.balance_bands(b)?;
        let cant_tell_width = self.cant_tell_width(b)?;
        let (cand_costs, cand_cost) = self.candidate_costs(&d, b)?;
        let gauntlet = self.gauntlet(b)?;
        self.check_cost(&d, &b.candidate, Some(cand_cost), 0, &["balance", "candidate"])?;
        for (n, f) in &gauntlet {
            self.check_cost(&d, f, self.cost(&d, f)[0], self.entry_file("fighters", n), &["fighters", n])?;
        }
        let mut rows = vec![BalanceRow {
            label: format!("{} (candidate)", self.fighter_label(&d, &b.candidate)),
            costs: cand_costs,
            peer: true,
            twin_of: None,
        }];
        let identities: Vec<String> = gauntlet.iter().map(|(_, f)| self.identity(&d, f)).collect();
        for (i, (_, f)) in gauntlet.iter().enumerate() {
            let costs = self.cost(&d, f);
            let peer = costs[0].is_some_and(|c| (c - cand_cost).abs() <= peer_band * cand_cost);
            let twin_of = identities[..i].iter().position(|x| *x == identities[i]).map(|k| k + 1);
            rows.push(BalanceRow { label: self.fighter_label(&d, f), costs, peer, twin_of });
        }
        let row_fighters: Vec<(Option<&str>, &Table)> =
            std::iter::once((None, &b.candidate)).chain(gauntlet.iter().map(|(n, f)| (Some(n.as_str()), f))).collect();
        let mut cells = Vec::new();
        let mut index = Vec::new();
        let mut readings = Vec::new();
        let mut describe: Vec<Option<String>> = vec![None; row_fighters.len()];
        let mut rounds_line = None;
        for (row, &(row_name, fighter)) in row_fighters.iter().enumerate() {
            let mut line = Vec::new();
            for (oi, (opp_name, opp)) in gauntlet.iter().enumerate() {
                if row_name == Some(opp_name.as_str()) {
                    line.push(None);
                    continue;
                }
                self.stop_if_asked()?;
                let what = format!("{} vs {}: ", rows[row].label, rows[oi + 1].label);
                let built = self.balance_pair(&self.doc, b, (row_name, fighter), (opp_name, opp), &what)?;
                let find = |p: &str| built.setup.iter().find_map(|l| l.strip_prefix(p).map(str::to_string));
                describe[row] = describe[row].take().or_else(|| find("A — "));
                describe[oi + 1] = describe[oi + 1].take().or_else(|| find("B — "));
                rounds_line = rounds_line.or_else(|| built.setup.last().cloned());
                readings = built.readings;
                line.push(Some(cells.len()));
                let mut c = cell(
                    &format!("{} vs {}", rows[row].label, rows[oi + 1].label),
                    vec![("fighter".into(), json!(rows[row].label)), ("opponent".into(), json!(rows[oi + 1].label))],
                    built.cell.trial,
                );
                c.inputs = built.cell.inputs;
                cells.push(c);
            }
            index.push(line);
        }
        for (i, d) in describe.iter().enumerate() {
            let who = if i == 0 { "Candidate" } else { "Gauntlet" };
            setup.push(format!("{who} — {}", d.clone().unwrap_or_else(|| rows[i].label.clone())));
        }
        setup.extend(rounds_line);
        setup.push(format!(
            "Each fighter duels every gauntlet opponent but itself over {rounds} rounds; peers: {} within ±{:.0} % of {cand_cost}; outlier: more than {:.0} % from the peers' mean with an interval that excludes it",
            d.costs[0].name,
            peer_band * 100.0,
            threshold * 100.0
        ));
        let opponents = rows[1..].iter().map(|r| r.label.clone()).collect();
        let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
        let (variants, no_variants) = self.variants(&d, b, &gauntlet, &labels, (&mut cells, &index[0]))?;
        Ok((
            cells,
            Layout::Balance(BalanceLayout {
                rows,
                opponents,
                cells: index,
                peer_band,
                outlier_threshold: threshold,
                cant_tell_width,
                distributions: b.distributions.unwrap_or(false),
                costs: d.costs,
                variants,
                no_variants,
            }),
            readings,
        ))
    }
}
