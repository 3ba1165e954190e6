//! Custom weapons (`[weapons.NAME]`, in a scenario or an included library): the rulebook's weapon
//! table as data (seed lines 376–391: effective range, maximum range, targets, damage, POT), read
//! into the rules' [`Weapon`] the built-in weapons are, so a custom weapon goes wherever a
//! built-in one does (`shot`, `sequence`, `arsenal`, duels, compare loadouts).

use super::{Bichos, WeaponDef};
use crate::error::InputError;
use crate::systems::bichos::rules::{Targets, Weapon};
use crate::systems::bichos::schema::BichosWeapon;

/// What `targets` takes, for messages.
const TARGETS: &str = "1, 3 (up to three figures within 5 cm [2\"] of each other) or \"template\" (every figure under the 7 cm [3\"] radius template)";

impl Bichos<'_> {
    /// Validate weapon `name` as written in file `file` (every error at its own field there).
    pub(super) fn weapon(&self, file: usize, name: &str, w: &BichosWeapon) -> Result<WeaponDef, InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        let dice = self.int(file, &at("damage"), w.damage, 1..=6, "damage (D6)")? as u8;
        let pot = w.pot.map(|p| self.int(file, &at("pot"), p, 1..=15, "pot")).transpose()?.map(|p| p as u8);
        let targets = match &w.targets {
            None => Targets::One,
            Some(toml::Value::Integer(1)) => Targets::One,
            Some(toml::Value::Integer(3)) => Targets::Three,
            Some(toml::Value::String(s)) if s == "template" => Targets::Template,
            Some(other) => {
                return Err(self.err(
                    file,
                    &at("targets"),
                    format!("targets {other} is not a weapon table entry"),
                    TARGETS,
                ));
            }
        };
        let ranges = [
            ("effective_cm", w.effective_cm, 1..=500),
            ("max_cm", w.max_cm, 1..=500),
            ("effective_in", w.effective_in, 1..=200),
            ("max_in", w.max_in, 1..=200),
        ];
        for (field, v, range) in &ranges {
            if let Some(v) = v {
                self.int(file, &at(field), *v, range.clone(), field)?;
            }
        }
        let Some(_) = pot else {
            // A melee weapon ("Garras y dientes", "Puños"): contact only, the attacker's POT.
            if let Some((field, _, _)) = ranges.iter().find(|(_, v, _)| v.is_some()) {
                return Err(self.err(
                    file,
                    &at(field),
                    "a weapon without `pot` is a melee weapon (the attacker's POT, contact only): it has no range",
                    "leave the ranges out, or give `pot` for a ranged weapon",
                ));
            }
            if targets != Targets::One {
                return Err(self.err(
                    file,
                    &at("targets"),
                    "a weapon without `pot` is a melee weapon: it attacks one figure in contact",
                    "targets = 1, or give `pot` for a ranged weapon",
                ));
            }
            return Ok(WeaponDef {
                weapon: Weapon { dice, pot: None, targets, has_long_range: false },
                label: w.name.clone().unwrap_or_else(|| name.to_string()),
            });
        };
        // A ranged weapon: its effective range in cm, inches or both; a maximum range beyond it
        // in each unit it gives, or none (the grenade's "NA": no long range).
        let mut long = None;
        for (max, eff, e, m) in
            [("max_cm", "effective_cm", w.effective_cm, w.max_cm), ("max_in", "effective_in", w.effective_in, w.max_in)]
        {
            match (e, m) {
                (None, None) => continue,
                (None, Some(_)) => {
                    let msg = "a maximum range without an effective range";
                    return Err(self.err(file, &at(max), msg, format!("`{eff}` too")));
                }
                (Some(e), Some(m)) if m <= e => {
                    return Err(self.err(
                        file,
                        &at(max),
                        format!("maximum range {m} is not beyond the effective range {e}"),
                        "a maximum range greater than the effective range, or none (no long range)",
                    ));
                }
                _ => {}
            }
            match long {
                Some(l) if l != m.is_some() => {
                    return Err(self.err(
                        file,
                        &at(max),
                        "one unit gives a maximum range and the other does not",
                        "max_cm and max_in both, or neither (no long range)",
                    ));
                }
                _ => long = Some(m.is_some()),
            }
        }
        let Some(has_long_range) = long else {
            return Err(self.err(
                file,
                &["weapons", name],
                "a ranged weapon (it has `pot`) needs its effective range",
                "effective_cm and/or effective_in, and max_cm / max_in where it has a long range",
            ));
        };
        Ok(WeaponDef {
            weapon: Weapon { dice, pot, targets, has_long_range },
            label: w.name.clone().unwrap_or_else(|| name.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Ctx;
    use crate::config::source::Source;
    use crate::systems::bichos::rules::WEAPONS;
    use crate::systems::bichos::schema::LibraryFile;

    /// configs/bichos/weapons.toml is the built-in weapons as data: every entry reads as the
    /// built-in weapon of its name (numbers and label), every built-in weapon has its entry, and
    /// the ranges are the rulebook's weapon table's (seed lines 379–382; melee weapons none), so
    /// the library and the rules cannot drift apart.
    #[test]
    fn the_bundled_weapons_are_the_builtin_weapons() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/bichos/weapons.toml");
        let src = Source::read(&path).unwrap();
        let lib: LibraryFile = toml::from_str(&src.text).unwrap();
        let ctx = Ctx::new(src, None);
        let b = Bichos { ctx: &ctx, lib: Default::default() };
        assert_eq!(lib.weapons.len(), WEAPONS.len());
        for (name, label, builtin) in WEAPONS {
            let w = lib.weapons.get(name).unwrap_or_else(|| panic!("weapons.toml has no `{name}`"));
            let def = b.weapon(0, name, w).unwrap();
            assert_eq!(def.weapon, builtin, "{name}");
            assert_eq!(def.label, label, "{name}");
            let table = match name {
                "pistol" => Some((15, Some(30), 6, Some(12))),
                "assault_rifle" | "heavy_weapon" => Some((80, Some(160), 32, Some(64))),
                "grenade" => Some((10, None, 4, None)),
                _ => None,
            };
            let written = w.effective_cm.map(|e| (e, w.max_cm, w.effective_in.unwrap(), w.max_in));
            assert_eq!(written, table, "{name}");
        }
    }
}
