//! `kind = "paired"`: loadout A against loadout B on the same dice (common random numbers),
//! one cell whose trial is `analysis::paired::Paired` (`Layout::Paired`).

use super::super::ctx::{Built, cell};
use super::cell::Origin;
use super::plan::Planner;
use crate::analysis::paired::{Measure, Paired};
use crate::analysis::scenario::Layout;
use crate::error::InputError;
use serde::Deserialize;
use serde_json::json;
use toml::Table;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [paired] table with a, b, target, measure")]
pub(super) struct PairedSpec {
    a: Table,
    b: Table,
    target: Option<String>,
    measure: Option<String>,
}

impl Planner<'_> {
    pub(super) fn paired(&self, p: &PairedSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = &self.resolution("paired", true)?;
        if p.target.is_some() {
            self.note_overridden(r, &[&p.a, &p.b], "paired");
        } else {
            self.note_overridden_fields(r, &[&p.a, &p.b], "paired");
        }
        let mut built = Vec::new();
        let mut labels = Vec::new();
        let mut target_label = String::new();
        for (side, l) in [("a", &p.a), ("b", &p.b)] {
            let mut doc = self.doc.clone();
            let label = self.apply_loadout(&mut doc, r, l, &["paired", side])?;
            if let Some(t) = &p.target {
                target_label = self.apply_target(&mut doc, r, t);
            }
            let what = format!("loadout {} (`{label}`): ", side.to_uppercase());
            let mut origins = Self::loadout_origins(r, l, &["paired", side]);
            if p.target.is_some() {
                origins.push(Origin::at(format!("{}.{}", r.section, r.target_field), 0, ["paired", "target"]));
            }
            built.push(self.with_shared(r, l, || self.build1(doc, r.kind, &["paired", side], &what, &origins))?);
            labels.push(label);
        }
        if labels[0] == labels[1] {
            return Err(self.err(
                &["paired", "b"],
                format!("both loadouts are labelled `{}`", labels[0]),
                "distinct labels",
            ));
        }
        let (ta, tb) = (&built[0].cell.trial, &built[1].cell.trial);
        let (sa, sb) = (ta.shape(), tb.shape());
        // Without a `measure`: a sequence of attacks leads with whether the target goes out (its
        // headline metric, the attacks it takes, is a count with "not out" as its last value);
        // every other resolution with its first headline metric, as it always has.
        let name = p.measure.clone().unwrap_or_else(|| {
            let own = ta.gang().is_some().then(|| ta.default_measure()).flatten();
            own.or_else(|| ta.headline_metrics().first().copied()).unwrap_or("").to_string()
        });
        let allowed = || {
            let mut names: Vec<String> = sa.metrics.iter().map(|(n, _)| format!("`{n}`")).collect();
            names.extend(sa.events.iter().map(|n| format!("`{n}`")));
            names.extend(
                self.system.measure_aliases().iter().map(|(n, parts)| format!("`{n}` ({})", parts.join(" + "))),
            );
            names.join(", ")
        };
        let measure = |s: &crate::engine::Shape| match self.system.measure_aliases().iter().find(|(n, _)| *n == name) {
            Some((_, parts)) => Measure::sum(s, parts),
            None => Measure::named(s, &name),
        };
        let (ma, mb) = match (measure(&sa), measure(&sb)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(self.err(&["paired", "measure"], format!("unknown measure `{name}`"), allowed())),
        };
        if ma != mb {
            return Err(self.err(
                &["paired", "measure"],
                format!("`{name}` is not the same quantity for both loadouts"),
                "a measure both resolutions report",
            ));
        }
        setup.push(format!("A: {}", labels[0]));
        setup.push(format!("B: {}", labels[1]));
        if !target_label.is_empty() {
            setup.push(format!("Target: {target_label}"));
        }
        // In the system's words, never the identifier the user wrote (`res_lost_t1`).
        setup.push(format!(
            "Measure: {} per {}; A and B resolve on the same dice (common random numbers)",
            crate::words::measure_title_in(self.system, &name, {
                let names = [&sa, &sb]
                    .into_iter()
                    .flat_map(|s| s.events.iter().copied().chain(s.metrics.iter().map(|(m, _)| *m)));
                crate::words::targets_of(names)
            }),
            ta.unit()
        ));
        setup.extend(Self::common_lines(&[built[0].setup.as_slice(), built[1].setup.as_slice()]));
        let readings = built[0].readings.clone();
        let mut it = built.into_iter();
        let (a, b) = (it.next().expect("A").cell, it.next().expect("B").cell);
        // The one cell resolves both loadouts: it used what each side used (A's first; an entry
        // both use once, B's resolution section under its own key).
        let mut inputs = a.inputs;
        for mut i in b.inputs {
            match inputs.iter().find(|x| x.key == i.key) {
                Some(x) if *x == i => continue,
                Some(_) => i.key = format!("{} (B)", i.key),
                None => {}
            }
            inputs.push(i);
        }
        let paired = Paired::new(a.trial, b.trial, ma, name.clone());
        let mut c = cell(
            &format!("{} − {}", labels[0], labels[1]),
            vec![("a".into(), json!(labels[0])), ("b".into(), json!(labels[1])), ("measure".into(), json!(name))],
            paired,
        );
        c.inputs = inputs;
        Ok((vec![c], Layout::Paired { a: labels[0].clone(), b: labels[1].clone(), measure: name }, readings))
    }
}
