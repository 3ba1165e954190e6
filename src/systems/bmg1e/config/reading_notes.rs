//! Notes on the 2013 readings that move an attack's numbers (issue #39): *Blind*'s "6+ result",
//! the *Protective* weapon's extra Blink! roll and the *Kevlar Vest* against ★♦ each decide
//! numbers the rulebook leaves open, so a report where one of them matters says by how much.
//!
//! Why by evaluation and not by rule: whether a reading moves an attack depends on everything
//! else in it (a Blind attacker with no modifier to its impact roll hits on a 6 either way; a
//! Kevlar Vest against a ★-only weapon has nothing to choose). So each value of the switch is
//! tried on the same setup and the attack's exact figures compared; a note appears only where
//! they differ, and gives them.

use super::Bmg1e;
use crate::analysis::scenario::Note;
use crate::engine::Trial;
use crate::exact::{self, Budget};
use crate::systems::bmg1e::rules::{Attack, AttackSetup, Readings, WeaponKind};
use crate::systems::bmg1e::schema;
use crate::text::pct;

/// Leaves one exact evaluation may walk for a note: a 2013 attack of a few dice takes hundreds,
/// so this only stops a huge one from slowing `validate` (that note is then left out).
const BUDGET: Budget = Budget { leaves: 200_000, depth: 400 };

/// The figures a note compares: P(out of action), mean ★, mean ♦ per attack.
type Figures = (f64, f64, f64);

/// One switch: its title, its values (words and the readings with it set), the value in force.
struct Switch {
    title: &'static str,
    values: Vec<(&'static str, Readings)>,
    in_force: &'static str,
}

impl Bmg1e<'_> {
    /// A note for each reading above that moves this attack's figures.
    pub(super) fn note_readings_that_move(&self, s: &AttackSetup) {
        let r = s.readings;
        let ranged = matches!(s.weapon.kind, WeaponKind::Ranged { .. });
        let mut switches = Vec::new();
        if s.attacker.traits.blind || s.target.traits.blind {
            use schema::blind_six as m;
            let values = m::VALUES.iter().map(|&(_, v)| (m::words(v), Readings { blind_six: v, ..r })).collect();
            switches.push(Switch { title: m::TITLE, values, in_force: m::words(r.blind_six) });
        }
        if ranged && s.target_weapon.traits.protective {
            use schema::protective_blink_modifiers as m;
            let values = m::VALUES
                .iter()
                .map(|&(_, v)| (m::words(v), Readings { protective_blink_modifiers: v, ..r }))
                .collect();
            switches.push(Switch { title: m::TITLE, values, in_force: m::words(r.protective_blink_modifiers) });
        }
        if s.target.traits.kevlar_vest {
            use schema::kevlar_drops as m;
            let values = m::VALUES.iter().map(|&(_, v)| (m::words(v), Readings { kevlar_drops: v, ..r })).collect();
            switches.push(Switch { title: m::TITLE, values, in_force: m::words(r.kevlar_drops) });
        }
        for sw in switches {
            let figures: Option<Vec<(&str, Figures)>> = sw
                .values
                .iter()
                .map(|(w, readings)| figures(&AttackSetup { readings: *readings, ..s.clone() }).map(|f| (*w, f)))
                .collect();
            let Some(figures) = figures else { continue };
            if figures.iter().all(|(_, f)| *f == figures[0].1) {
                continue;
            }
            let each: Vec<String> = figures
                .iter()
                .map(|(w, (out, stun, wounds))| {
                    format!(
                        "“{w}”{}: P(out of action) {}, ★ {stun:.3}, ♦ {wounds:.3}",
                        if *w == sw.in_force { " (in force)" } else { "" },
                        pct(*out)
                    )
                })
                .collect();
            self.note(Note::reading(format!(
                "the reading “{}” moves this attack's numbers (exact, per attack): {}",
                sw.title,
                each.join("; ")
            )));
        }
    }
}

/// The exact figures of the attack `s` sets up; `None` when it is not an attack or over
/// [`BUDGET`].
fn figures(s: &AttackSetup) -> Option<Figures> {
    let a = Attack::new(s).ok()?;
    let t = exact::evaluate(&a, BUDGET).ok()?;
    let shape = Trial::shape(&a);
    let n = t.trials as f64;
    let p = |name: &str| shape.events.iter().position(|e| *e == name).map(|i| t.events[i] as f64 / n);
    let mean = |name: &str| {
        let i = shape.metrics.iter().position(|(m, _)| *m == name)?;
        Some(t.hists[i].iter().enumerate().map(|(v, c)| v as f64 * *c as f64).sum::<f64>() / n)
    };
    Some((p("out_of_action")?, mean("stun")?, mean("wounds")?))
}
