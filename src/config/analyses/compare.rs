//! `kind = "compare"`: every loadout against every target, one cell per pair (loadout-major),
//! drawn as tables and charts by `Layout::Compare`.

use super::super::ctx::{Built, cell};
use super::cell::Origin;
use super::plan::{MAX_LIST, Planner};
use crate::analysis::scenario::Layout;
use crate::error::InputError;
use serde::Deserialize;
use serde_json::json;
use toml::Table;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(expecting = "a [compare] table with loadouts, targets, measure")]
pub(super) struct CompareSpec {
    /// Each loadout: an optional `label` and fields of the resolution section.
    loadouts: Vec<Table>,
    /// Names for the resolution's target field.
    targets: Vec<String>,
    /// What the grid ranks by: an event or metric of the resolution (default: the trial's own,
    /// the outcome that decides games in its system).
    measure: Option<String>,
}

impl Planner<'_> {
    pub(super) fn compare(&self, c: &CompareSpec, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let r = &self.resolution("compare", true)?;
        if c.loadouts.is_empty() || c.loadouts.len() > MAX_LIST {
            return Err(self.err(
                &["compare", "loadouts"],
                format!("{} loadouts given", c.loadouts.len()),
                format!("1..={MAX_LIST} loadouts"),
            ));
        }
        if c.targets.is_empty() || c.targets.len() > MAX_LIST {
            return Err(self.err(
                &["compare", "targets"],
                format!("{} targets given", c.targets.len()),
                format!("1..={MAX_LIST} names"),
            ));
        }
        self.note_overridden(r, &c.loadouts.iter().collect::<Vec<_>>(), "compare");
        let mut labels: Vec<String> = Vec::new();
        let mut target_labels = Vec::new();
        let mut cells = Vec::new();
        let mut setups = Vec::new();
        let mut readings = Vec::new();
        for (li, l) in c.loadouts.iter().enumerate() {
            let mut base = self.doc.clone();
            let label = self.apply_loadout(&mut base, r, l, &["compare", "loadouts"])?;
            if labels.contains(&label) {
                return Err(self.err(
                    &["compare", "loadouts"],
                    format!("two loadouts are labelled `{label}`"),
                    "distinct labels",
                ));
            }
            for (ti, t) in c.targets.iter().enumerate() {
                let mut doc = base.clone();
                let t_label = self.apply_target(&mut doc, r, t);
                if li == 0 {
                    target_labels.push(t_label.clone());
                }
                let (li, ti) = (format!("[{li}]"), format!("[{ti}]"));
                let mut origins = Self::loadout_origins(r, l, &["compare", "loadouts", &li]);
                origins.push(Origin::at(format!("{}.{}", r.section, r.target_field), 0, ["compare", "targets", &ti]));
                let what = format!("loadout `{label}` vs `{t}`: ");
                let b = self.with_shared(r, l, || self.build1(doc, r.kind, &["compare"], &what, &origins))?;
                readings = b.readings;
                setups.push(b.setup);
                let mut c = cell(
                    &format!("{label} vs {t_label}"),
                    vec![("loadout".into(), json!(label)), ("target".into(), json!(t_label))],
                    b.cell.trial,
                );
                c.inputs = b.cell.inputs;
                cells.push(c);
            }
            labels.push(label);
        }
        setup.push(format!("Loadouts: {}", labels.join("; ")));
        setup.push(format!("Targets: {}", target_labels.join("; ")));
        setup.extend(Self::common_lines(&setups.iter().map(Vec::as_slice).collect::<Vec<_>>()));
        let measure = self.grid_measure(c.measure.as_deref(), &["compare", "measure"], &mut cells)?;
        Ok((cells, Layout::Compare { loadouts: labels, targets: target_labels, measure }, readings))
    }
}
