//! The `effort` kind: one melee attack under every effort the target and the attacker may
//! spend, the target declaring first — the table of what each pair of choices gives.

use super::Bmg3e;
use super::attack::describe_attack;
use crate::analysis::scenario::{CellSpec, Layout};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bmg3e::rules::{Objective, Readings, Trial3e, WeaponKind};
use crate::systems::bmg3e::schema::File;
use serde_json::json;

impl Bmg3e<'_> {
    pub(crate) fn effort(
        &self,
        f: &File,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Vec<CellSpec>, Layout), InputError> {
        let a = self.section(&f.attack, "attack")?;
        let e = self.section(&f.effort, "effort")?;
        for (field, set) in
            [("attacker_effort", a.attacker_effort.is_some()), ("target_effort", a.target_effort.is_some())]
        {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "an effort table tries every allowed effort; do not fix it",
                    "omit it",
                ));
            }
        }
        let s = e.objective.as_deref().unwrap_or("ko");
        let objective = Objective::ALL.iter().find(|(n, _)| *n == s).map(|(_, o)| *o).ok_or_else(|| {
            self.err(
                0,
                &["effort", "objective"],
                format!("unknown objective `{s}`"),
                Objective::ALL.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let base = self.attack_setup(&a, "attack", readings, "")?;
        if matches!(base.weapon.kind, WeaponKind::Ranged { .. }) {
            return Err(self.err(
                0,
                &["attack", "weapon"],
                "effort applies to melee attacks only",
                "a melee weapon or `unarmed`",
            ));
        }
        *setup = describe_attack(self, &a, &base);
        let a_limit = crate::systems::bmg3e::rules::effort_limit(&base.attacker, base.attacker_markers);
        let t_limit = if crate::systems::bmg3e::rules::is_ko(&base.target, base.target_markers) {
            0
        } else {
            crate::systems::bmg3e::rules::effort_limit(&base.target, base.target_markers).min(base.attacker.attack)
        };
        setup.push(format!("Effort limits: target 0..={t_limit}, attacker 0..={a_limit}; the target declares first"));
        setup.push(format!("Objective `{}`: {}", objective.name(), objective.counts()));
        let mut cells = Vec::new();
        for t in 0..=t_limit {
            for at in 0..=a_limit {
                let mut s = base.clone();
                s.melee.target_effort = t;
                s.melee.attacker_effort = at;
                let attack = self.build_attack(&s, "attack", "")?;
                cells.push(cell(
                    &format!("target {t} / attacker {at}"),
                    vec![("target_effort".into(), json!(t)), ("attacker_effort".into(), json!(at))],
                    Trial3e::Attack(attack),
                ));
            }
        }
        Ok((cells, Layout::own(crate::systems::bmg3e::report::EffortLayout { objective })))
    }
}
