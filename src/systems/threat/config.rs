//! Threat-range builder (`ruleset = "all"`): one mover per rule system, each from its own card.

use super::schema::{File, ThreatBichos, ThreatBmg1e};
use crate::analysis::scenario::{CellSpec, Kind, Layout, Note};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::threat::rules::Mover;
use serde_json::json;

/// Read a threat-range scenario and build its cells (the system's [`crate::system::KindDef::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let f: File = ctx.read_plain(kind, doc)?;
    Threat { ctx }.build(&f, setup)
}

/// The threat-range builder: reads as the [`Ctx`] it holds.
struct Threat<'c> {
    ctx: &'c Ctx,
}

impl std::ops::Deref for Threat<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Threat<'_> {
    fn build(&self, f: &File, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let t = self.section(&f.threat, "threat")?;
        let from = self.int(0, &["threat", "from_in"], t.from_in.unwrap_or(0), 0..=100, "from_in")? as u16;
        let to = self.int(0, &["threat", "to_in"], t.to_in.unwrap_or(30), from as i64 + 1..=120, "to_in")? as u16;
        let mut movers: Vec<(String, String, Mover)> = Vec::new();
        if let Some(b) = &t.bmg_1e {
            movers.push(self.bmg1e_mover(b)?);
        }
        if let Some(b) = &t.bmg_3e {
            let mv = self.int(0, &["threat", "bmg-3e", "movement_in"], b.movement_in, 0..=16, "movement_in")? as u8;
            movers.push((
                "BMG 2019".into(),
                format!("BMG 2019: Movement {mv}\", then the attack (a Bold model moves and attacks)"),
                Mover::Bmg3e { movement_in: mv },
            ));
        }
        if let Some(b) = &t.bichos {
            movers.extend(self.bichos_movers(b)?);
        }
        if let Some(b) = &t.wolsung {
            let a = self.int(0, &["threat", "wolsung", "actions"], b.actions.unwrap_or(2), 1..=4, "actions")? as u8;
            let m = self.int(0, &["threat", "wolsung", "move_in"], b.move_in, 0..=12, "move_in")? as u8;
            movers.push((
                "Wolsung".into(),
                format!("Wolsung: {a} actions of M {m}\", the last a charge"),
                Mover::Wolsung { actions: a, move_in: m },
            ));
        }
        if let Some(b) = &t.mordheim {
            let m = self.int(0, &["threat", "mordheim", "m"], b.m, 1..=12, "m")? as u8;
            movers.push(("Mordheim".into(), format!("Mordheim: charge 2 × M {m}\""), Mover::Mordheim { m }));
        }
        if movers.is_empty() {
            return Err(self.err(
                0,
                &["threat"],
                "no rule system given",
                "[threat.bmg-1e], [threat.bmg-3e], [threat.bichos], [threat.wolsung], [threat.mordheim]",
            ));
        }
        let mut cells: Vec<CellSpec> = Vec::new();
        let mut systems = Vec::new();
        for (name, line, mover) in movers {
            setup.push(line);
            cells.push(cell(&name, vec![("system".into(), json!(name))], mover));
            systems.push(name);
        }
        Ok((
            cells,
            Layout::own(super::report::ThreatLayout { systems, from_in: from, to_in: to }),
            vec![("cm_per_inch", "2.54".into())],
        ))
    }

    /// The 2013 mover (`[threat.bmg-1e]`): its name, setup line and movement.
    fn bmg1e_mover(&self, b: &ThreatBmg1e) -> Result<(String, String, Mover), InputError> {
        let basic = self.int(0, &["threat", "bmg-1e", "basic_cm"], b.basic_cm.unwrap_or(10), 1..=20, "basic_cm")? as u8;
        let mc =
            self.int(0, &["threat", "bmg-1e", "movement_counters"], b.movement_counters, 0..=6, "movement_counters")?
                as u8;
        let fast = b.fast.unwrap_or(false);
        Ok((
            "BMG 2013".into(),
            format!(
                "BMG 2013: {basic} cm + {mc}D6 cm (Movement counters){} — converted at 2.54 cm per inch",
                if fast { ", Fast" } else { "" }
            ),
            Mover::Bmg1e { basic_cm: basic, mc_dice: mc, fast },
        ))
    }

    /// The two ¡Bichos! movers (`[threat.bichos]`): the charge and the pursuit, in its units.
    fn bichos_movers(&self, b: &ThreatBichos) -> Result<[(String, String, Mover); 2], InputError> {
        let inches = match b.units.as_deref().unwrap_or("inches") {
            "inches" => true,
            "cm" => false,
            other => {
                return Err(self.err(
                    0,
                    &["threat", "bichos", "units"],
                    format!("unknown units `{other}`"),
                    "`cm`, `inches`",
                ));
            }
        };
        let mov = if inches {
            self.int(0, &["threat", "bichos", "mov_in"], b.mov_in, 0..=40, "mov_in")? as u16
        } else {
            self.int(0, &["threat", "bichos", "mov_cm"], b.mov_cm, 0..=100, "mov_cm")? as u16
        };
        let u = if inches { "\"" } else { " cm" };
        let fdv = self.bichos_fdv(b)?;
        Ok([
            (
                "¡Bichos! charge".into(),
                format!(
                    "¡Bichos! charge: 1.5 × MOV {mov}{u} ({} variant) if the \"Cargando\" test passes at the first roll (2D6 ≤ FDV {fdv})",
                    if inches { "inches" } else { "cm" }
                ),
                Mover::BichosCharge { mov, inches, fdv },
            ),
            (
                "¡Bichos! pursuit".into(),
                format!("¡Bichos! pursuit: MOV {mov}{u} + ½D6 ({})", if inches { "1/2/3\"" } else { "2/5/7 cm" }),
                Mover::BichosPursuit { mov, inches },
            ),
        ])
    }

    /// The charger's FDV for the threat range's "Cargando" test (`[threat.bichos] fdv`).
    fn bichos_fdv(&self, b: &ThreatBichos) -> Result<u8, InputError> {
        self.note(Note::not_modelled(
            "¡Bichos! charge: the charged figure's \"Asaltado\" test (it may flee or fire as the charger arrives) and terrain that halves movement",
        ));
        match b.fdv {
            Some(v) => Ok(self.int(0, &["threat", "bichos", "fdv"], v, 0..=20, "fdv")? as u8),
            None => {
                self.note(Note::not_modelled(
                    "¡Bichos! charge: `[threat.bichos] fdv` is not set, so the \"Cargando\" test uses FDV 9 (the Soldado's and Colono's, MOV 20 cm [8\"]); set the charger's own (modified) FDV",
                ));
                Ok(9)
            }
        }
    }
}
