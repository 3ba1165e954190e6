//! The `arsenal` kind: every weapon against every target, range and cover, each cell attacks
//! repeated at one target until it is dead or the cap — which weapon does the job, and how fast.

use super::{Bichos, Cells, reactions_text};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Profile, Readings, Sequence, Situation, Weapon};
use crate::systems::bichos::schema::File;
use serde_json::json;

impl Bichos<'_> {
    pub(crate) fn arsenal(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let a = self.section(&f.arsenal, "arsenal")?;
        let (shooter, s_label) = self.profile_b(f, &a.shooter, &["arsenal", "shooter"])?;
        let cap = self.int(0, &["arsenal", "cap"], a.cap.unwrap_or(100), 1..=1000, "cap")? as u16;
        let ranges = a.ranges.clone().unwrap_or_else(|| vec!["effective".into(), "long".into()]);
        for rg in &ranges {
            if rg != "effective" && rg != "long" {
                return Err(self.err(
                    0,
                    &["arsenal", "ranges"],
                    format!("unknown range `{rg}`"),
                    "`effective`, `long`",
                ));
            }
        }
        let covers = a.cover.clone().unwrap_or_else(|| vec![false, true]);
        if a.weapons.is_empty() || a.targets.is_empty() || ranges.is_empty() || covers.is_empty() {
            return Err(self.err(
                0,
                &["arsenal"],
                "weapons, targets, ranges and cover must each list at least one entry",
                "non-empty lists",
            ));
        }
        self.limit_cells(
            "arsenal",
            &[
                ("weapons", a.weapons.len()),
                ("targets", a.targets.len()),
                ("ranges", ranges.len()),
                ("cover", covers.len()),
            ],
        )?;
        let mut weapons = Vec::new();
        for w in &a.weapons {
            weapons.push(self.weapon_b(w, &["arsenal", "weapons"], r)?);
        }
        let mut targets = Vec::new();
        for t in &a.targets {
            targets.push(self.profile_b(f, t, &["arsenal", "targets"])?);
        }
        let mut situations = Vec::new();
        let mut combos = Vec::new();
        for (tp, tl) in &targets {
            for rg in &ranges {
                for &cv in &covers {
                    situations.push(format!("{tl}, {rg}, {}", if cv { "cover" } else { "open" }));
                    combos.push((*tp, rg == "long", cv));
                }
            }
        }
        let mut cells = Vec::new();
        let mut index = Vec::new();
        for (w, wl) in &weapons {
            let mut row = Vec::new();
            for (k, &(tp, long, cv)) in combos.iter().enumerate() {
                if long && !w.has_long_range {
                    row.push(None);
                    continue;
                }
                let situation = Situation { long_range: long, cover: cv, target_index: 1, ..Situation::default() };
                let seq = Sequence {
                    shooter_hda: shooter.hda,
                    damage_dice: w.dice,
                    pot: w.pot.unwrap_or(shooter.pot),
                    shooting: w.pot.is_some(),
                    rules: r.hit_rules(),
                    target: tp,
                    situation,
                    cap,
                };
                row.push(Some(cells.len()));
                cells.push(cell(
                    &format!("{wl} vs {}", situations[k]),
                    vec![("weapon".into(), json!(wl)), ("situation".into(), json!(situations[k]))],
                    TrialBichos::Sequence(seq),
                ));
            }
            index.push(row);
        }
        arsenal_setup(&s_label, &shooter, &weapons, cap, r, setup);
        self.note_sequence_moves(weapons.iter().any(|(w, _)| w.pot.is_some()));
        Ok((
            cells,
            Layout::own(crate::systems::bichos::report::BichosLayout::Arsenal {
                weapons: weapons.into_iter().map(|(_, l)| l).collect(),
                situations,
                index,
            }),
        ))
    }
}

/// The setup lines: the shooter, every weapon, what one cell counts, and the reaction tests.
fn arsenal_setup(
    s_label: &str,
    shooter: &Profile,
    weapons: &[(Weapon, String)],
    cap: u16,
    r: &Readings,
    setup: &mut Vec<String>,
) {
    setup.push(format!("Shooter: {s_label} (HDA {}, POT {})", shooter.hda, shooter.pot));
    setup.push(format!(
        "Weapons: {}",
        weapons
            .iter()
            .map(|(w, l)| format!(
                "{l} ({}D6, POT {})",
                w.dice,
                w.pot.map(|p| p.to_string()).unwrap_or_else(|| "the shooter's".into())
            ))
            .collect::<Vec<_>>()
            .join("; ")
    ));
    setup.push(format!("Each cell: attacks at one target (the first on the firing table) repeated until it is dead or {cap} attacks; a weapon without a long range (the grenade) has no long-range cells"));
    setup.push(reactions_text(weapons.iter().any(|(w, _)| w.pot.is_some()), r));
}
