//! The Batman Miniature Game 2019 (`bmg-3e`) scenario builders: cards and weapons, readings and
//! the texts every kind shares, and the dispatch to the bmg-3e kinds, one unit each under
//! `config/` (`attack`, `check`, `effort`, `duel`). Compare, sweep, paired and balance are the
//! generic analyses (`crate::config::analyses`), built from these.

use super::schema::{self, File};
use crate::analysis::scenario::{CellSpec, Kind, Layout, Note};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx};
use crate::error::InputError;
use crate::systems::batman::schema as shared;
use crate::systems::batman::{self, Batman, Edition};
use crate::systems::bmg3e::rules::{CheckKind, Markers, OneDie, Profile, Readings, Weapon, WeaponKind, parse_damage};
use std::ops::RangeInclusive;

mod attack;
mod check;
mod duel;
mod effort;
mod gang;

pub(crate) const CARD_FIELDS: [(&str, RangeInclusive<i64>); 9] = [
    ("attack", 1..=10),
    ("defense", 1..=6),
    ("strength", 2..=6),
    ("willpower", 1..=12),
    ("endurance", 1..=12),
    ("special", 1..=8),
    ("movement", 0..=16),
    ("reputation", 0..=2000),
    ("funding", 0..=2000),
];

/// The bmg-3e builder: the shared Batman builder (the context, and the cards and weapons read
/// with the file each came from) with the 2019 rules' validators and kinds as its methods. It
/// reads as the [`Batman`] builder it wraps, and through it as the `Ctx`, so a validator calls
/// `self.err(..)` or `self.cards` as any builder does; the other edition's builder is another
/// type, so neither edition's methods need the edition in their names.
#[derive(Clone, Copy)]
pub(crate) struct Bmg3e<'a>(pub(crate) &'a Batman<'a>);

impl<'a> std::ops::Deref for Bmg3e<'a> {
    type Target = Batman<'a>;
    fn deref(&self) -> &Batman<'a> {
        self.0
    }
}

/// How bmg-3e validates a card and a weapon as the shared Batman reader reads them.
const EDITION: Edition = Edition {
    card: |b, name, c, file| Bmg3e(b).profile_of(name, c, file).map(|_| ()),
    weapon: |b, name, w, file| Bmg3e(b).weapon_of(name, w, file).map(|_| ()),
};

/// Check one library file on its own, as an include of a scenario is read (the system's
/// [`crate::system::RuleSystem::check_library`]).
pub(crate) fn check_library(ctx: &mut Ctx, file: &str) -> Result<(), InputError> {
    batman::check_library::<File>(ctx, file, &EDITION)
}

/// Read a bmg-3e scenario of kind `kind` and build its cells with `by`, the kind's own builder
/// (its entry in `super::kinds::KINDS`), handed the file and the readings in force.
pub(crate) fn build(
    ctx: &mut Ctx,
    kind: Kind,
    doc: Doc<'_>,
    setup: &mut Vec<String>,
    by: impl FnOnce(&Bmg3e<'_>, &File, &Readings, &mut Vec<String>) -> Result<Cells, InputError>,
) -> Result<Built, InputError> {
    let (file, lib) = batman::read::<File>(ctx, kind, doc, &EDITION)?;
    let b = Batman::new(ctx, lib);
    let b = Bmg3e(&b);
    let readings = file.readings.read(&b)?;
    let (cells, layout) = by(&b, &file, &readings, setup)?;
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

/// A kind's cells and their layout.
pub(crate) type Cells = (Vec<CellSpec>, Layout);

pub(crate) fn card_range(field: &str) -> RangeInclusive<i64> {
    CARD_FIELDS.iter().find(|(f, _)| *f == field).map(|(_, r)| r.clone()).expect("known card field")
}

pub(crate) fn profile_text(p: &Profile) -> String {
    format!("A{} D{} S{}+ W{} E{} Sp{}", p.attack, p.defense, p.strength, p.willpower, p.endurance, p.special)
}

pub(crate) fn weapon_text(w: &Weapon, label: &str) -> String {
    match &w.kind {
        WeaponKind::Melee { strength_bonus } => {
            let b = if *strength_bonus != 0 { format!(", Strength {strength_bonus:+}") } else { String::new() };
            format!(
                "{label} (melee, {} per hit{b}{})",
                w.damage,
                w.crt.as_ref().map(|c| format!(", CRT: {c}")).unwrap_or_default()
            )
        }
        WeaponKind::Ranged { rate_of_fire, strength } => format!(
            "{label} (ranged, Rate of Fire {rate_of_fire}, Strength {strength}+, {} per hit{})",
            w.damage,
            w.crt.as_ref().map(|c| format!(", CRT: {c}")).unwrap_or_default()
        ),
    }
}

/// P(a check on one die passes) under each reading of `check_with_one_die`, as fractions:
/// (`plain_2d6`: a second die, both taken; `single_die`: the one die alone). Own checks pass at
/// sum ≤ X, opposed ones at sum > X (seed lines 770–778, 809–812).
pub(crate) fn one_die_pass(kind: CheckKind, x: u32) -> (String, String) {
    let pass = |sum: u32| match kind {
        CheckKind::Own => sum <= x,
        CheckKind::Opposed => sum > x,
    };
    let two = (1..=6u32).flat_map(|a| (1..=6u32).map(move |b| a + b)).filter(|&s| pass(s)).count();
    let one = (1..=6u32).filter(|&s| pass(s)).count();
    (crate::stats::fraction(two as u128, 36), crate::stats::fraction(one as u128, 6))
}

/// The notes a scenario carries when a check on one die moves its numbers: the seed says to
/// "choose two" of the dice (770–778) yet lets effort and K.O. leave one (1592–1593,
/// 2031–2036), and the two readings of that one die differ a lot. One note explains the reading
/// (the same text wherever it appears, so a sweep or balance shows it once); a second says which
/// check rolls one die (`what`) and its P(pass) under each reading (`p`), `in_force` marked.
pub(crate) fn one_die_notes(what: &str, (plain, single): (String, String), in_force: OneDie) -> [Note; 2] {
    let (a, b) = match in_force {
        OneDie::Plain2d6 => (" (in force)", ""),
        OneDie::SingleDie => ("", " (in force)"),
    };
    use schema::check_with_one_die as one_die;
    [
        Note::reading(format!(
            "which reading the rulebook means for a check rolled on one die: a check rolls Special dice and \"elige dos de los dados\" (seed lines 770–778), yet effort may leave \"un mínimo de 1D6\" (1592–1593) and K.O. takes a die (1862–1863, 2031–2036). The reading “{}” decides: the check “{}” and takes both, or “{}”; every number here that rests on a check rolled on one die depends on it",
            one_die::TITLE,
            one_die::words(OneDie::Plain2d6),
            one_die::words(OneDie::SingleDie),
        )),
        Note::reading(format!(
            "{} moves these numbers: {what} rolls 1 die and passes with P = {plain} if it {}{a}, {single} if it {}{b}",
            one_die::TITLE,
            one_die::words(OneDie::Plain2d6),
            one_die::words(OneDie::SingleDie),
        )),
    ]
}

/// [`one_die_notes`] for a fighter whose K.O. recovery rolls one die (Special 2: an Endurance
/// check of Special − 1 dice, seed lines 2027–2036). The second note is one item per fighter
/// under a shared head ([`Note::reading_item`]), so a balance over six such cards says it once,
/// listing each card with its two P(pass).
pub(crate) fn one_die_recovery_notes(card: &str, endurance: u8, in_force: OneDie) -> [Note; 2] {
    let (plain, single) = one_die_pass(crate::systems::bmg3e::rules::CheckKind::Own, endurance as u32);
    let [why, _] = one_die_notes("", (plain.clone(), single.clone()), in_force);
    use schema::check_with_one_die as one_die;
    let (a, b) = match in_force {
        OneDie::Plain2d6 => (" (in force)", ""),
        OneDie::SingleDie => ("", " (in force)"),
    };
    let head = format!(
        "{} moves these numbers: a K.O. fighter of Special 2 recovers on an Endurance check of Special − 1 = 1 die (seed lines 2027–2036), and passes with P if it {}{a}, or if it {}{b}",
        one_die::TITLE,
        one_die::words(OneDie::Plain2d6),
        one_die::words(OneDie::SingleDie),
    );
    [why, Note::reading_item(&head, &format!("{card} (Endurance {endurance}) {plain} or {single}"))]
}

pub(crate) fn markers_text(m: Markers) -> String {
    if m == Markers::default() { String::new() } else { format!(", starting with {m}") }
}

impl Bmg3e<'_> {
    pub(crate) fn profile_of(&self, name: &str, c: &shared::Card, file: usize) -> Result<Profile, InputError> {
        let f = |field: &str, v: i64| -> Result<u8, InputError> {
            let r = card_range(field);
            self.int(file, &["cards", name, field], v, r, field).map(|v| v as u8)
        };
        if let Some(m) = c.movement {
            f("movement", m)?;
        }
        if let Some(r) = c.reputation {
            self.int(file, &["cards", name, "reputation"], r, card_range("reputation"), "reputation")?;
        }
        if let Some(r) = c.funding {
            self.int(file, &["cards", name, "funding"], r, card_range("funding"), "funding")?;
        }
        Ok(Profile {
            attack: f("attack", c.attack)?,
            defense: f("defense", c.defense)?,
            strength: f("strength", c.strength)?,
            willpower: f("willpower", c.willpower)?,
            endurance: f("endurance", c.endurance)?,
            special: f("special", c.special)?,
            movement: c.movement.unwrap_or(0) as u8,
        })
    }

    pub(crate) fn weapon_of(&self, name: &str, w: &shared::Weapon, file: usize) -> Result<Weapon, InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        let damage = parse_damage(&w.damage).map_err(|m| {
            self.err(
                file,
                &at("damage"),
                m,
                "1 to 6 markers: `★` or `s` (stun), `♦` or `w` (wound), e.g. \"★★\" or \"sw\"",
            )
        })?;
        let kind = match w.kind.as_str() {
            "melee" => {
                for (field, set) in [("rate_of_fire", w.rate_of_fire.is_some()), ("strength", w.strength.is_some())] {
                    if set {
                        return Err(self.err(
                            file,
                            &at(field),
                            format!("`{field}` applies to ranged weapons only; this weapon is melee"),
                            "strength_bonus, damage, crt",
                        ));
                    }
                }
                let b =
                    self.int(file, &at("strength_bonus"), w.strength_bonus.unwrap_or(0), -3..=3, "strength_bonus")?;
                WeaponKind::Melee { strength_bonus: b as i8 }
            }
            "ranged" => {
                if w.strength_bonus.is_some() {
                    return Err(self.err(
                        file,
                        &at("strength_bonus"),
                        "`strength_bonus` applies to melee weapons only; a ranged weapon has its own `strength`",
                        "rate_of_fire, strength, damage, crt",
                    ));
                }
                let rof = w.rate_of_fire.ok_or_else(|| {
                    self.err(
                        file,
                        &["weapons", name],
                        "a ranged weapon needs `rate_of_fire`",
                        "0..=8 (0 for template weapons)",
                    )
                })?;
                let rof = self.int(file, &at("rate_of_fire"), rof, 0..=8, "rate_of_fire")?;
                let s = w.strength.ok_or_else(|| {
                    self.err(file, &["weapons", name], "a ranged weapon needs its own `strength` (k for k+)", "2..=6")
                })?;
                let s = self.int(file, &at("strength"), s, 2..=6, "strength")?;
                WeaponKind::Ranged { rate_of_fire: rof as u8, strength: s as u8 }
            }
            other => {
                return Err(self.err(file, &at("kind"), format!("unknown weapon kind `{other}`"), "`melee`, `ranged`"));
            }
        };
        Ok(Weapon { kind, damage, crt: w.crt.clone() })
    }

    pub(crate) fn card(&self, name: &str, at: &[&str]) -> Result<(Profile, String), InputError> {
        match self.cards.get(name) {
            Some((c, file)) => {
                Ok((self.profile_of(name, c, *file)?, c.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None => Err(self.err(0, at, format!("unknown card `{name}`"), self.card_names())),
        }
    }

    pub(crate) fn weapon(&self, name: &str, at: &[&str]) -> Result<(Weapon, String), InputError> {
        match self.weapons.get(name) {
            Some((w, file)) => {
                Ok((self.weapon_of(name, w, *file)?, w.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None if name == "unarmed" => Ok((Weapon::unarmed(), "Unarmed".into())),
            None => {
                let mut names: Vec<String> = self.weapons.keys().map(|k| format!("`{k}`")).collect();
                names.push("`unarmed`".into());
                Err(self.err(0, at, format!("unknown weapon `{name}`"), names.join(", ")))
            }
        }
    }
}
