//! Mordheim movement builder: a warband model's move, run, charge and detection range.

use super::schema::{self, File};
use crate::analysis::scenario::{Kind, Layout};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::mordheim::rules::{self as mordheim, Detection};

/// Read a Mordheim scenario and build its one kind, `movement` (the system's
/// [`crate::system::KindDef::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let f: File = ctx.read_plain(kind, doc)?;
    Movement { ctx }.build(&f, setup)
}

/// The Mordheim builder: reads as the [`Ctx`] it holds.
struct Movement<'c> {
    ctx: &'c Ctx,
}

impl std::ops::Deref for Movement<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Movement<'_> {
    fn build(&self, f: &File, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let m = self.section(&f.movement, "movement")?;
        let readings = f.readings.read(self)?;
        let detection = readings.detection_range;
        let mv = mordheim::Movement {
            m: self.int(0, &["movement", "m"], m.m, 1..=12, "m")? as u8,
            initiative: self.int(0, &["movement", "initiative"], m.initiative.unwrap_or(3), 1..=10, "initiative")?
                as u8,
            visible_enemy: m
                .visible_enemy
                .map(|e| self.int(0, &["movement", "visible_enemy"], e, 0..=72, "visible_enemy").map(|e| e as u8))
                .transpose()?,
            detection,
        };
        setup.push(format!(
            "Warrior M {} I {}: move up to {}\", run 2 × M = {}\" (must stop within 8\" of a visible enemy{}), charge 2 × M = {}\"; no dice are rolled",
            mv.m,
            mv.initiative,
            mv.m,
            2 * mv.m,
            mv.visible_enemy.map(|e| format!(", one is {e}\" away")).unwrap_or_default(),
            2 * mv.m
        ));
        setup.push(format!(
            "Hidden models are detected within {}\" ({})",
            mv.detection_range(),
            if detection == Detection::Initiative {
                "I inches, as the worked example"
            } else {
                "3 × I inches, as the text"
            }
        ));
        Ok((vec![cell("movement", vec![], mv)], Layout::Single, schema::Readings::labels(&readings)))
    }
}
