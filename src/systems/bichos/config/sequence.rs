//! The `sequence` kind: attacks repeated at one target, its RES, FDV and death carried over,
//! until it is out of the fight or the cap — how many attacks it takes.

use super::{Attacker, Bichos, Cells, reactions_text};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Readings, Sequence, Situation};
use crate::systems::bichos::schema::File;

impl Bichos<'_> {
    pub(crate) fn sequence(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let Attacker { sec, s, shooter, weapon, situation, pot } =
            self.attacker(f, "sequence", &f.sequence, r, setup)?;
        let n = s.target.clone().ok_or_else(|| self.err(0, &[sec], "missing `target`", "one profile name"))?;
        let (p, label) = self.profile_b(f, &n, &[sec, "target"])?;
        let cap = self.int(0, &[sec, "cap"], s.cap.unwrap_or(100), 1..=1000, "cap")? as u16;
        setup.push(format!("Target: {label} (RES {}, BLD {}, FDV {}); attacks repeat with RES, FDV and death carried over, up to {cap}", p.res, p.bld, p.fdv));
        setup.push(reactions_text(weapon.pot.is_some(), r));
        self.note_sequence_moves(weapon.pot.is_some());
        let seq = Sequence {
            shooter_hda: shooter.hda,
            damage_dice: weapon.dice,
            pot,
            shooting: weapon.pot.is_some(),
            rules: r.hit_rules(),
            target: p,
            situation: Situation { target_index: 1, ..situation },
            cap,
        };
        Ok((vec![cell("sequence", vec![], TrialBichos::Sequence(seq))], Layout::Single))
    }
}
