//! ¡Bichos! config: profiles, the source's weapons, the situation of an attack and the notes —
//! what every kind shares — and the dispatch to the ¡Bichos! kinds, one unit each under
//! `config/` (`shot`, `sequence`, `arsenal`, `reaction`, `encounter`, `pursuit`, `terrain`,
//! `variants`, `duel`).

use super::schema::{self, BichosShot, File};
use crate::analysis::scenario::{CellSpec, Kind, Layout, Note};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx};
use crate::config::library::{self, Entries};
use crate::error::InputError;
use crate::systems::bichos::rules::trial::TrialBichos;
use crate::systems::bichos::rules::{
    PROFILES, Profile, Readings, ShotTestOrder, Situation, Units, WEAPONS, Weapon, WoundedTests,
};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

mod weapons;

mod arsenal;
mod duel;
mod encounter;
mod gang;
mod pursuit;
mod reaction;
mod sequence;
mod shot;
mod terrain;

pub(crate) use terrain::terrain;
mod variants;

/// What a kind builds: its cells and how they are laid out.
pub(crate) type Cells = (Vec<CellSpec>, Layout);

/// What a `shot` and a `sequence` share: their section, the shooter, its weapon, the situation
/// and the POT on the impact table.
struct Attacker {
    sec: &'static str,
    s: BichosShot,
    shooter: Profile,
    weapon: Weapon,
    situation: Situation,
    pot: u8,
}

/// Read a ¡Bichos! scenario and build its cells (the system's [`crate::system::KindDef::build`]).
/// Read a ¡Bichos! scenario of kind `kind` and build its cells with `by`, the kind's own builder
/// (its entry in `super::kinds::KINDS`), handed the file and the readings in force; then the
/// notes on readings and rules the kind touches.
pub(crate) fn build(
    ctx: &mut Ctx,
    kind: Kind,
    doc: Doc<'_>,
    setup: &mut Vec<String>,
    by: impl FnOnce(&Bichos<'_>, &File, &Readings, &mut Vec<String>) -> Result<Cells, InputError>,
) -> Result<Built, InputError> {
    let (f, lib) = library::read(ctx, kind, doc, Library::default())?;
    let b = Bichos { ctx, lib };
    let readings = f.readings.read(b.ctx)?;
    let (cells, layout) = by(&b, &f, &readings, setup)?;
    b.note_bichos_readings(kind, &f, &cells);
    b.note_bichos_rules(kind);
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

/// A weapon as the builders use it: the rules' weapon and how reports name it.
#[derive(Clone, Debug)]
pub(crate) struct WeaponDef {
    pub(crate) weapon: Weapon,
    pub(crate) label: String,
}

/// The profiles and weapons of a scenario and its included library files, each validated when
/// it is read (a bad value is an error at its own file's line) and kept with the file it came
/// from; read by the one library reader (`crate::config::library`). An entry may take a
/// built-in profile's or weapon's name: it replaces the built-in.
#[derive(Default)]
pub(crate) struct Library {
    profiles: Entries<(Profile, String)>,
    weapons: Entries<WeaponDef>,
}

impl library::Library for Library {
    type Scenario = File;
    type File = schema::LibraryFile;
    fn add_scenario(&mut self, ctx: &Ctx, f: &File) -> Result<(), InputError> {
        self.add(ctx, 0, &f.profiles, &f.weapons)
    }
    fn add_file(&mut self, ctx: &Ctx, file: usize, l: &schema::LibraryFile) -> Result<(), InputError> {
        self.add(ctx, file, &l.profiles, &l.weapons)
    }
}

impl Library {
    /// Add one file's profiles and weapons, each validated.
    fn add(
        &mut self,
        ctx: &Ctx,
        file: usize,
        profiles: &BTreeMap<String, schema::BichosProfile>,
        weapons: &BTreeMap<String, schema::BichosWeapon>,
    ) -> Result<(), InputError> {
        let b = Bichos { ctx, lib: Library::default() };
        for (name, p) in profiles {
            self.profiles.add(ctx, (file, "profiles", "profile"), name, || b.profile(file, name, p))?;
        }
        for (name, w) in weapons {
            self.weapons.add(ctx, (file, "weapons", "weapon"), name, || b.weapon(file, name, w))?;
        }
        Ok(())
    }
}

/// The ¡Bichos! builder: reads as the [`Ctx`] it holds, with the scenario's profiles and weapons.
pub(crate) struct Bichos<'c> {
    ctx: &'c Ctx,
    lib: Library,
}

impl std::ops::Deref for Bichos<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Bichos<'_> {
    /// Validate profile `name` as written in file `file`.
    fn profile(&self, file: usize, name: &str, p: &schema::BichosProfile) -> Result<(Profile, String), InputError> {
        let v = |field: &'static str, x: i64, r: RangeInclusive<i64>| {
            self.int(file, &["profiles", name, field], x, r, field)
        };
        Ok((
            Profile {
                hda: v("hda", p.hda, 1..=15)? as u8,
                pot: v("pot", p.pot, 1..=15)? as u8,
                fdv: v("fdv", p.fdv, 0..=15)? as u8,
                res: v("res", p.res, 1..=500)? as u16,
                bld: v("bld", p.bld, 0..=20)? as u8,
                mov_cm: v("mov_cm", p.mov_cm, 0..=100)? as u16,
                mov_in: v("mov_in", p.mov_in, 0..=40)? as u16,
            },
            p.name.clone().unwrap_or_else(|| name.to_string()),
        ))
    }

    /// The profile `name`: a `[profiles]` entry of the scenario or a library, else a built-in.
    fn profile_b(&self, _f: &File, name: &str, at: &[&str]) -> Result<(Profile, String), InputError> {
        if let Some(p) = self.lib.profiles.get(name) {
            return Ok(p.clone());
        }
        match PROFILES.iter().find(|(n, _, _)| *n == name) {
            Some((_, label, p)) => Ok((*p, label.to_string())),
            None => {
                let mut all: Vec<String> = PROFILES.iter().map(|(n, _, _)| format!("`{n}`")).collect();
                all.extend(
                    self.lib
                        .profiles
                        .keys()
                        .filter(|k| !PROFILES.iter().any(|(n, _, _)| n == k))
                        .map(|k| format!("`{k}`")),
                );
                Err(self.err(0, at, format!("unknown profile `{name}`"), all.join(", ")))
            }
        }
    }

    /// The weapon `name`: a `[weapons]` entry of the scenario or a library, else a built-in.
    /// `grenade_pot` sets the POT of the rulebook's grenade: the built-in one, or a
    /// `[weapons.grenade]` entry with the rulebook's numbers (as configs/bichos/weapons.toml
    /// writes it); an entry with other numbers is the user's own weapon and keeps its POT.
    fn weapon_b(&self, name: &str, at: &[&str], r: &Readings) -> Result<(Weapon, String), InputError> {
        let (mut w, label) = match self.lib.weapons.get(name) {
            Some(d) => (d.weapon, d.label.clone()),
            None => {
                let (_, label, w) = WEAPONS.iter().find(|(n, _, _)| *n == name).ok_or_else(|| {
                    let mut all: Vec<String> = WEAPONS.iter().map(|(n, _, _)| format!("`{n}`")).collect();
                    all.extend(
                        self.lib
                            .weapons
                            .keys()
                            .filter(|k| !WEAPONS.iter().any(|(n, _, _)| n == k))
                            .map(|k| format!("`{k}`")),
                    );
                    self.err(0, at, format!("unknown weapon `{name}`"), all.join(", "))
                })?;
                (*w, label.to_string())
            }
        };
        if self.rulebook_grenade(name) {
            w.pot = Some(r.grenade_pot);
        }
        Ok((w, label))
    }

    /// Whether weapon `name` is the rulebook's grenade, whose POT the `grenade_pot` reading sets.
    fn rulebook_grenade(&self, name: &str) -> bool {
        let builtin = WEAPONS.iter().find(|(n, _, _)| *n == "grenade").map(|(_, _, w)| *w);
        name == "grenade" && self.lib.weapons.get(name).is_none_or(|d| Some(d.weapon) == builtin)
    }

    /// Rules of the source a kind touches but does not simulate (the coverage table lists them all).
    fn note_bichos_rules(&self, kind: Kind) {
        match kind {
            Kind("shot") | Kind("sequence") | Kind("arsenal") | Kind("duel") => self.note(Note::not_modelled(
                "reaction-test modifiers other than cover (leader +2, own leader or up to 3 friends within 7 cm [3\"] +1 each, higher ground +1, attacks from behind ±2): targets test on their own FDV (+1 in cover)",
            )),
            Kind("encounter") | Kind("variants") => self.note(Note::not_modelled(
                "the bugs' arrival turn by turn (1 when the hole opens, then 1D6 a turn: only the total, humans + 1D6, and their types are counted) and figures standing where the 7 cm [3\"] hole opens (they die)",
            )),
            _ => {}
        }
        if matches!(kind, Kind("pursuit") | Kind("variants")) {
            self.note(Note::not_modelled(
                "the pursuer's free attack while it stays in contact, and the fleeing figure's own run at charge speed (only the pursuer's distance is counted)",
            ));
        }
    }

    /// A reading the config sets that cannot change any number of this scenario gets a note.
    fn note_bichos_readings(&self, kind: Kind, f: &File, cells: &[CellSpec]) {
        let trials: Vec<&TrialBichos> = cells.iter().filter_map(|c| c.trial.downcast::<TrialBichos>()).collect();
        let any = |p: &dyn Fn(&TrialBichos) -> bool| trials.iter().any(|t| p(t));
        let hits = any(&|t| matches!(t, TrialBichos::Shot(_) | TrialBichos::Sequence(_) | TrialBichos::Duel(_)));
        let shots = any(&|t| match t {
            TrialBichos::Shot(s) => s.shooting,
            TrialBichos::Sequence(s) => s.shooting,
            TrialBichos::Duel(d) => d.a.shooting || d.b.shooting,
            _ => false,
        });
        let distances =
            kind != Kind("variants") && any(&|t| matches!(t, TrialBichos::Encounter(_) | TrialBichos::Pursuit(_)));
        let inches_hole = any(&|t| matches!(t, TrialBichos::Encounter(e) if e.readings.units == Units::Inches));
        let pursuit = any(&|t| matches!(t, TrialBichos::Pursuit(_)));
        let ducking_duel = any(&|t| matches!(t, TrialBichos::Duel(d) if d.a.shooting || d.b.shooting));
        // Every duel built (a generic balance builds its pairs one at a time and keeps an idle
        // reading's note only if every pair gives it).
        let mixed_duel = any(&|t| matches!(t, TrialBichos::Duel(d) if d.gun_vs_melee));
        let mut weapons: Vec<&str> = Vec::new();
        for s in [&f.shot, &f.sequence].into_iter().flatten() {
            weapons.push(&s.weapon);
        }
        if let Some(a) = &f.arsenal {
            weapons.extend(a.weapons.iter().map(String::as_str));
        }
        if let Some(d) = &f.duel {
            weapons.extend([&d.a, &d.b].iter().map(|x| x.weapon.as_deref().unwrap_or("fists")));
        }
        let raw = &f.readings;
        let herido_only = format!(
            "under the reading {} a wounded figure takes one test only",
            schema::shot_wounded_tests::phrase(WoundedTests::HeridoOnly)
        );
        let why = [
            (
                "units",
                raw.units.is_some() && !distances,
                if kind == Kind("variants") {
                    "this kind shows both variants"
                } else {
                    "it measures no distance (the firing table takes range and movement as conditions)"
                },
            ),
            (
                "grenade_pot",
                raw.grenade_pot.is_some() && !weapons.iter().any(|w| self.rulebook_grenade(w)),
                if weapons.contains(&"grenade") {
                    "its `[weapons.grenade]` has numbers of its own, not the rulebook's grenade, and keeps its POT"
                } else {
                    "no grenade is thrown"
                },
            ),
            (
                "hole_doubles",
                raw.hole_doubles.is_some() && !inches_hole,
                "it only applies to the inches variant's hole distance",
            ),
            ("wound_table_low_fdv", raw.wound_table_low_fdv.is_some() && !hits, "no attack is resolved"),
            ("shot_wounded_tests", raw.shot_wounded_tests.is_some() && !shots, "no figure is shot at"),
            (
                "retreat_distance",
                raw.retreat_distance.is_some(),
                "no figure is moved on a table (it changes only the wording of the \"Herido\" row)",
            ),
            ("pursuit_halving", raw.pursuit_halving.is_some() && !pursuit, "there is no pursuit"),
            ("pursuit_test", raw.pursuit_test.is_some() && !pursuit, "there is no pursuit"),
            ("flee_res", raw.flee_res.is_some() && !hits, "no attack is resolved"),
            (
                "hole_triples",
                raw.hole_triples.is_some()
                    && !any(&|t| matches!(t, TrialBichos::Encounter(e) if e.readings.units == Units::Cm)),
                "it only applies to the cm variant's hole distance",
            ),
            (
                "ranged_in_contact",
                raw.ranged_in_contact.is_some() && !mixed_duel,
                "it only applies to a duel between a ranged and a melee weapon",
            ),
            (
                "shot_test_order",
                raw.shot_test_order.is_some() && (!shots || raw.shot_wounded_tests.as_deref() == Some("herido_only")),
                if shots {
                    herido_only.as_str()
                } else {
                    "no figure is shot at, so no figure takes both \"Herido\" and \"Bajo fuego\""
                },
            ),
            (
                "ko_and_duck_activations",
                raw.ko_and_duck_activations.is_some() && !ducking_duel,
                "it only applies to duels in which a figure is shot at (two guns, or a gun in contact with a melee fighter that shoots): only a figure shot at ducks back",
            ),
        ];
        for (field, ignored, reason) in why {
            if ignored {
                let title = schema::Readings::DOCS.iter().find(|d| d.name == field).map_or(field, |d| d.title);
                self.note(Note::idle_reading(title, reason));
            }
        }
    }

    /// Sequences carry state between attacks, but not position.
    fn note_sequence_moves(&self, shooting: bool) {
        self.note(Note::not_modelled(if shooting {
            "what a target does between attacks: one that ducks back would move to cover, one that flees runs for the table edge — later attacks keep the configured range and cover"
        } else {
            "what a target does between attacks: one that retreats or flees moves away — later attacks are still made in contact"
        }));
    }

    /// The attacker of a `shot` or a `sequence` (section `sec`), with its setup lines.
    fn attacker(
        &self,
        f: &File,
        sec: &'static str,
        section: &Option<BichosShot>,
        r: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<Attacker, InputError> {
        let s = self.section(section, sec)?;
        let (shooter, s_label) = self.profile_b(f, &s.shooter, &[sec, "shooter"])?;
        let (weapon, w_label) = self.weapon_b(&s.weapon, &[sec, "weapon"], r)?;
        let situation = self.situation(&s, &weapon, sec)?;
        let pot = weapon.pot.unwrap_or(shooter.pot);
        setup.push(format!("Shooter: {s_label} (HDA {}, POT {})", shooter.hda, shooter.pot));
        setup.push(format!(
            "Weapon: {w_label}: {}D6 damage, POT {pot}{}",
            weapon.dice,
            if weapon.pot.is_none() { " (melee: the attacker's POT)" } else { "" }
        ));
        setup.push(situation_text(&situation));
        Ok(Attacker { sec, s, shooter, weapon, situation, pot })
    }

    fn situation(&self, s: &BichosShot, w: &Weapon, sec: &str) -> Result<Situation, InputError> {
        let long = s.long_range.unwrap_or(false);
        if long && !w.has_long_range {
            return Err(self.err(
                0,
                &[sec, "long_range"],
                "this weapon has no long range (grenades: effective range only; melee weapons: contact)",
                "long_range = false",
            ));
        }
        Ok(Situation {
            long_range: long,
            shooter_moved_far: s.shooter_moved_far.unwrap_or(false),
            target_moved_far: s.target_moved_far.unwrap_or(false),
            cover: s.cover.unwrap_or(false),
            target_index: 1,
        })
    }
}

/// The reaction tests an attack forces, for the setup lines.
fn reactions_text(shooting: bool, r: &Readings) -> String {
    let herido = "a wounded target tests \"Herido\" at once (passed 2nd: FDV −1; failed both: flees, RES and FDV 0)";
    let counts = "\"flees\" counts RES ≤ 0 and failed tests, also when the figure then died; \"fled, alive\" and \"dead\" are the two separate ways out";
    if shooting {
        format!(
            "Reaction tests: {herido}; a target shot at, hit or missed, tests \"Bajo fuego\" (failed both: flees){}; in cover +1 to both; {counts}",
            match r.shot_wounded_tests {
                WoundedTests::HeridoOnly => format!(
                    " unless it was wounded (reading {})",
                    schema::shot_wounded_tests::phrase(WoundedTests::HeridoOnly)
                ),
                WoundedTests::Both => tests_order(r),
            }
        )
    } else {
        format!("Reaction tests (melee): {herido}; in cover +1; {counts}")
    }
}

fn situation_text(s: &Situation) -> String {
    let mut parts = Vec::new();
    if s.long_range {
        parts.push("long range");
    }
    if s.shooter_moved_far {
        parts.push("shooter moved ≥ 30 cm [12\"]");
    }
    if s.target_moved_far {
        parts.push("target moved ≥ 30 cm [12\"]");
    }
    if s.cover {
        parts.push("target in cover");
    }
    if parts.is_empty() {
        "Situation: effective range, nobody moved far, no cover".into()
    } else {
        format!("Situation: {}", parts.join(", "))
    }
}

/// When a figure wounded by a shot takes its "Bajo fuego" test, with the readings in force in
/// their words.
pub(crate) fn tests_order(r: &Readings) -> String {
    match (r.shot_wounded_tests, r.shot_test_order) {
        (WoundedTests::HeridoOnly, _) => {
            format!(
                " — a wounded figure only \"Herido\" (reading {})",
                schema::shot_wounded_tests::phrase(WoundedTests::HeridoOnly)
            )
        }
        (WoundedTests::Both, order) => format!(
            ", {} \"Herido\" when wounded (reading {})",
            if order == ShotTestOrder::HeridoFirst { "after" } else { "before" },
            schema::shot_test_order::phrase(order)
        ),
    }
}
