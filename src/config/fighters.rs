//! Fighters (`[fighters.NAME]`, in a scenario or an included library) and the duel fields every
//! built-in system reads the same way. Each system declares its own fighter and `[duel]`
//! (`crate::duel_schema!`); a field only another system reads is told whose it is
//! ([`Ctx::fighter_words`]).

use super::ctx::Ctx;
use super::source::Source;
use crate::error::InputError;

impl Ctx {
    /// Record the fighters file `file` defines (their names: each system's builder reads the
    /// fighters themselves where they duel), refusing a name defined twice.
    pub fn add_fighters(&mut self, file: usize, names: Vec<String>) -> Result<(), InputError> {
        for name in names {
            if let Some(other) = self.fighters.get(&name) {
                return Err(self.err(
                    file,
                    &["fighters", &name],
                    format!("fighter `{name}` is already defined in {}", self.sources[*other].path.display()),
                    "each fighter name once",
                ));
            }
            self.fighters.insert(name, file);
        }
        Ok(())
    }

    /// A schema error's words for a scenario file (a system's `words` for
    /// [`Ctx::read_scenario`]): a fighter or `[duel]` field the declared system does not read
    /// but another does is told whose it is ([`Ctx::foreign_fighter_field`]).
    pub fn fighter_words(&self, err: InputError) -> InputError {
        match self.sources.first() {
            Some(src) if err.file.as_deref() == Some(src.path.as_path()) => self.foreign_fighter_field(src, err),
            _ => err,
        }
    }

    /// An unknown field of a fighter (`[duel]`'s `a`/`b`, a `[fighters.NAME]`) or of `[duel]`
    /// in `src` that another system reads (its `fighter_fields` / `duel_fields`): "`guard` is a
    /// wolsung fighter field, not read by bichos", at the value, with the declared system's
    /// fields as the allowed values (a plain "unknown field" would not say why it is refused).
    pub(crate) fn foreign_fighter_field(&self, src: &Source, err: InputError) -> InputError {
        if !err.message.starts_with("unknown field") {
            return err;
        }
        let Some(field) = err.field.clone() else { return err };
        let path: Vec<&str> = field.split('.').collect();
        let (what, key) = match path.as_slice() {
            ["duel", "a" | "b", key] | ["fighters", _, key] => ("fighter", *key),
            ["duel", key] => ("duel", *key),
            _ => return err,
        };
        let owners: Vec<&str> = self
            .systems
            .iter()
            .filter(|s| s.name != self.ruleset)
            .filter(|s| if what == "fighter" { s.fighter_fields } else { s.duel_fields }.contains(&key))
            .map(|s| s.name)
            .collect();
        if owners.is_empty() {
            return err;
        }
        let own = self.own().map_or(&[][..], |s| if what == "fighter" { s.fighter_fields } else { s.duel_fields });
        let fields: Vec<String> = match what {
            "fighter" => ["label", "card"].iter().chain(own).chain(&["cost"]).map(|f| format!("`{f}`")).collect(),
            _ => ["rounds", "a", "b"].iter().chain(own).map(|f| format!("`{f}`")).collect(),
        };
        src.error_at(
            &path,
            format!("`{key}` is a {} {what} field, not read by {}", owners.join(" / "), self.ruleset),
            format!("omit it; a {} {what} takes {}", self.ruleset, fields.join(", ")),
        )
    }

    pub fn rounds(&self, v: Option<i64>, sec: &str) -> Result<u8, InputError> {
        Ok(self.int(0, &[sec, "rounds"], v.unwrap_or(4), 1..=12, "rounds")? as u8)
    }
}
