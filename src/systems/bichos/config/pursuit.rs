//! The `pursuit` kind: how far a figure chases a fleeing one, turn after turn, until its FDV
//! test stops it. Its helpers also give the `variants` kind both variants' pursuits.

use super::{Bichos, Cells};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{Profile, Pursuit, PursuitHalving, PursuitTest, Readings, Units};
use crate::systems::bichos::schema::{self, File};

impl Bichos<'_> {
    pub(crate) fn pursuit(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let p = self.section(&f.pursuit, "pursuit")?;
        let (prof, label) = self.profile_b(f, &p.profile, &["pursuit", "profile"])?;
        let pu = pursuit_of(&prof, r.units, r);
        setup.push(pursuit_text(&label, &prof, r.units, r));
        Ok((vec![cell("pursuit", vec![], TrialBichos::Pursuit(pu))], Layout::Single))
    }
}

/// A figure's pursuit in one variant's units.
pub(super) fn pursuit_of(p: &Profile, units: Units, r: &Readings) -> Pursuit {
    Pursuit {
        mov: if units == Units::Cm { p.mov_cm } else { p.mov_in },
        fdv: p.fdv,
        units,
        halving: r.pursuit_halving,
        test: r.pursuit_test,
    }
}

/// The setup line of a figure's pursuit in one variant's units.
pub(super) fn pursuit_text(label: &str, p: &Profile, units: Units, r: &Readings) -> String {
    let (mov, bonus, u, floor) = match units {
        Units::Cm => (p.mov_cm, "2 / 5 / 7 cm", "cm", "2 cm"),
        Units::Inches => (p.mov_in, "1 / 2 / 3\"", "\"", "1\""),
    };
    format!(
        "Pursuit ({} variant) by {label}: MOV {mov}{u} + ½D6 ({bonus}); then an FDV {} test each turn ({}), a failure pursues again at half MOV ({}), down to the first MOV ≤ {floor}; charge reach 1.5 × MOV = {}{u}",
        schema::units::label(units),
        p.fdv,
        match r.pursuit_test {
            PursuitTest::Single => "2D6 ≤ FDV stops it",
            PursuitTest::Reaction => "a reaction test: passing at the 1st or 2nd roll stops it",
        },
        match r.pursuit_halving {
            PursuitHalving::RoundDown => "halves rounded down",
            PursuitHalving::Fractional => "exact halves, the total rounded to the nearest whole unit",
        },
        mov * 3 / 2
    )
}
