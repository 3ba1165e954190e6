//! The `shot` kind: one attack on the firing table at up to three targets (a template or a
//! burst) — hits, wounds, how many flee or die — with the reaction tests it forces.

use super::{Attacker, Bichos, Cells, reactions_text};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Readings, Shot, Situation, Targets};
use crate::systems::bichos::schema::File;

impl Bichos<'_> {
    pub(crate) fn shot(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let Attacker { sec, s, shooter, weapon, situation, pot } = self.attacker(f, "shot", &f.shot, r, setup)?;
        if s.target.is_some() {
            return Err(self.err(0, &[sec, "target"], "a shot lists `targets`", "targets = [\"pequeno\", ...]"));
        }
        let names =
            s.targets.clone().ok_or_else(|| self.err(0, &[sec], "missing `targets`", "1 to 3 profile names"))?;
        let max = match weapon.targets {
            Targets::One => 1,
            _ => 3,
        };
        if names.is_empty() || names.len() > max {
            return Err(self.err(
                0,
                &[sec, "targets"],
                format!("{} targets for this weapon", names.len()),
                format!(
                    "1..={max}{}",
                    if weapon.targets == Targets::Template {
                        " (a 4th and later figure under the template fares like the 3rd)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        let mut targets = Vec::new();
        for (i, n) in names.iter().enumerate() {
            let (p, label) = self.profile_b(f, n, &[sec, "targets"])?;
            setup.push(format!("Target {}: {label} (RES {}, BLD {}, FDV {})", i + 1, p.res, p.bld, p.fdv));
            targets.push((p, Situation { target_index: i as u8 + 1, ..situation }));
        }
        let shot = Shot {
            shooter_hda: shooter.hda,
            damage_dice: weapon.dice,
            pot,
            shooting: weapon.pot.is_some(),
            rules: r.hit_rules(),
            targets,
        };
        setup.push(reactions_text(weapon.pot.is_some(), r));
        Ok((vec![cell("shot", vec![], TrialBichos::Shot(shot))], Layout::Single))
    }
}
