//! The `leave` kind: a model trying to leave a melee — does its R roll match its enemy's C.

use super::{Cells, Wolsung};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::rules::{Leave, TrialWolsung};
use crate::systems::wolsung::schema::File;

impl Wolsung<'_> {
    pub(crate) fn leave(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let l = self.section(&f.leave, "leave")?;
        let m = self.model_w(f, &l.model, &["leave", "model"])?;
        let e = self.model_w(f, &l.enemy, &["leave", "enemy"])?;
        if m.hero || e.hero {
            self.note(Note::not_modelled(
                "heroic-feat cards on the leave-melee rolls (seed l. 796–797: \"después de modificarlos con Hazaña Heroica\"; the seed gives no card colour for this roll): both rolls are dice only",
            ));
        }
        if m.beginners_luck || e.beginners_luck {
            self.note(Note::ignored(
                "Beginner's luck: leaving melee is neither shooting, fighting in melee nor being the target of an attack (seed l. 790–794: \"En vez de atacar\"; l. 990–994)",
            ));
        }
        setup.push(format!(
            "{} rolls R {} against {}'s C {}: it leaves melee on at least as many successes",
            m.label, m.r, e.label, e.c
        ));
        Ok((vec![cell("leave", vec![], TrialWolsung::Leave(Leave { r: m.r, c: e.c }))], Layout::Single))
    }
}
