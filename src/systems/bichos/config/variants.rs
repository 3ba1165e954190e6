//! The `variants` kind: the source's cm and inches variants side by side — one figure's
//! encounter and pursuit under each.

use super::pursuit::{pursuit_of, pursuit_text};
use super::{Bichos, Cells};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Encounter, Readings, Units};
use crate::systems::bichos::schema::File;
use serde_json::json;

impl Bichos<'_> {
    pub(crate) fn variants(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let v = self.section(&f.variants, "variants")?;
        let (prof, label) = self.profile_b(f, &v.profile, &["variants", "profile"])?;
        let cm = Readings { units: Units::Cm, ..*r };
        let inches = Readings { units: Units::Inches, ..*r };
        let mut lines = Vec::new();
        let e_cm = self.encounter_b(&v.terrain, v.holes, v.soldiers, v.humans, "variants", cm, &mut lines)?;
        let e_in = Encounter { readings: inches, ..e_cm };
        setup.extend(lines);
        setup.push(pursuit_text(&label, &prof, Units::Cm, r));
        setup.push(pursuit_text(&label, &prof, Units::Inches, r));
        setup.push(format!("The cm variant rolls the hole distance as 3D6 × 5 cm; the inches variant as 1D6 × 1D6 inches (reading {}). Comparisons convert inches at the translation's own 2.5 cm per inch (20 cm = 8\")", crate::systems::bichos::schema::hole_doubles::phrase(r.hole_doubles)));
        let cells = vec![
            cell("encounter, cm", vec![("variant".into(), json!("cm"))], TrialBichos::Encounter(e_cm)),
            cell("encounter, inches", vec![("variant".into(), json!("inches"))], TrialBichos::Encounter(e_in)),
            cell(
                "pursuit, cm",
                vec![("variant".into(), json!("cm"))],
                TrialBichos::Pursuit(pursuit_of(&prof, Units::Cm, r)),
            ),
            cell(
                "pursuit, inches",
                vec![("variant".into(), json!("inches"))],
                TrialBichos::Pursuit(pursuit_of(&prof, Units::Inches, r)),
            ),
        ];
        Ok((cells, Layout::own(crate::systems::bichos::report::BichosLayout::Variants)))
    }
}
