//! The `encounter` kind: does a hole open under the humans' feet this turn, and how many bugs
//! come out of it. Its reader also gives the `variants` kind its encounter.

use super::{Bichos, Cells};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Encounter, Readings, TERRAIN, encounter_number};
use crate::systems::bichos::schema::File;

impl Bichos<'_> {
    pub(crate) fn encounter(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let e = self.section(&f.encounter, "encounter")?;
        let enc = self.encounter_b(&e.terrain, e.holes, e.soldiers, e.humans, "encounter", *r, setup)?;
        Ok((vec![cell("encounter", vec![], TrialBichos::Encounter(enc))], Layout::Single))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn encounter_b(
        &self,
        terrain: &Option<String>,
        holes: Option<i64>,
        soldiers: Option<i64>,
        humans: Option<i64>,
        sec: &str,
        r: Readings,
        setup: &mut Vec<String>,
    ) -> Result<Encounter, InputError> {
        let t = terrain.clone().unwrap_or_else(|| "open".into());
        let tm = TERRAIN.iter().find(|(n, _)| *n == t).map(|(_, m)| *m).ok_or_else(|| {
            self.err(
                0,
                &[sec, "terrain"],
                format!("unknown terrain `{t}`"),
                TERRAIN.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let h = self.int(0, &[sec, "holes"], holes.unwrap_or(0), 0..=20, "holes")? as u8;
        let so = self.int(0, &[sec, "soldiers"], soldiers.unwrap_or(0), 0..=30, "soldiers")? as u8;
        let hu = self.int(0, &[sec, "humans"], humans.unwrap_or(4), 1..=30, "humans")? as u8;
        let number = encounter_number(tm, h, so);
        setup.push(format!(
            "Encounter number 9 {tm:+} ({}) + {h} hole(s) − {} soldier(s) = {number}: a hole opens on 2D6 ≤ {number}",
            // The terrain in words ("jungle or swamp"), not the config's `jungle_swamp`.
            crate::systems::bichos::labels::VOCABULARY.event(&t).map_or(t.as_str(), |e| e.title),
            so.min(6)
        ));
        setup.push(format!("Direction 1D6 (1 front, 2 right, 3 behind, 4 left; 5–6 tremors: it opens next turn, re-roll then); {hu} humans: total attacking bugs = {hu} + 1D6, each big on 2D6 = 2, 3, 10, 11, 12"));
        Ok(Encounter { number, humans: hu, readings: r })
    }
}
