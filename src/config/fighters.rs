//! Fighters (`[fighters.NAME]`, in a scenario or an included library) and the duel fields every
//! built-in system reads the same way.

use super::ctx::Ctx;
use super::raw;
use crate::error::InputError;
use std::collections::BTreeMap;

impl Ctx {
    pub fn add_fighters(&mut self, file: usize, fighters: BTreeMap<String, raw::FighterRef>) -> Result<(), InputError> {
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

    pub fn rounds(&self, v: Option<i64>, sec: &str) -> Result<u8, InputError> {
        Ok(self.int(0, &[sec, "rounds"], v.unwrap_or(4), 1..=12, "rounds")? as u8)
    }
}
