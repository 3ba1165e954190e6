//! Fighters (`[fighters.NAME]`, in a scenario or an included library) and the duel fields every
//! built-in system reads the same way.

use super::ctx::Ctx;
use super::raw;
use crate::error::InputError;
use std::collections::BTreeMap;

impl Ctx {
    pub(crate) fn add_fighters(
        &mut self,
        file: usize,
        fighters: BTreeMap<String, raw::FighterRef>,
    ) -> Result<(), InputError> {
        for (name, f) in fighters {
            self.refuse_melee_weapon(&f, file, &["fighters", &name])?;
            if let Some((_, other)) = self.fighters.get(&name) {
                return Err(self.err(
                    file,
                    &["fighters", &name],
                    format!("fighter `{name}` is already defined in {}", self.sources[*other].path.display()),
                    "each fighter name once",
                ));
            }
            self.fighters.insert(name, (f, file));
        }
        Ok(())
    }

    /// `melee_weapon` is a bmg-3e fighter field: other rule systems refuse it rather than
    /// ignore it.
    pub(crate) fn refuse_melee_weapon(&self, f: &raw::FighterRef, file: usize, at: &[&str]) -> Result<(), InputError> {
        if f.melee_weapon.is_some() && self.ruleset != "bmg-3e" {
            let path: Vec<&str> = at.iter().copied().chain(std::iter::once("melee_weapon")).collect();
            return Err(self.err(
                file,
                &path,
                "`melee_weapon` is a bmg-3e fighter field",
                format!("omit it for {}", self.ruleset),
            ));
        }
        Ok(())
    }

    /// bmg-3e-only fields in a scenario of another rule system: refused, not ignored.
    pub(crate) fn refuse_3e_only(&self, f: &raw::ScenarioFile) -> Result<(), InputError> {
        if self.ruleset == "bmg-3e" {
            return Ok(());
        }
        if let Some(d) = &f.duel {
            if d.contact.is_some() {
                return Err(self.err(
                    0,
                    &["duel", "contact"],
                    "`contact` is a bmg-3e duel field",
                    format!("omit it for {}", self.ruleset),
                ));
            }
            self.refuse_melee_weapon(&d.a, 0, &["duel", "a"])?;
            self.refuse_melee_weapon(&d.b, 0, &["duel", "b"])?;
        }
        Ok(())
    }

    pub(crate) fn rounds(&self, v: Option<i64>, sec: &str) -> Result<u8, InputError> {
        Ok(self.int(0, &[sec, "rounds"], v.unwrap_or(4), 1..=12, "rounds")? as u8)
    }
}
