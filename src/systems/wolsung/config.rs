//! Wolsung config: models, guns and card policies — the readers every kind shares — and the
//! dispatch to the Wolsung kinds, one unit each under `config/` (`shooting`, `melee`, `magic`,
//! `initiative`, `leave`, `duel`), from TOML to trials.

use super::schema::{self, File};
use crate::analysis::scenario::{CellSpec, Kind, Layout};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx};
use crate::config::library::{self, Entries};
use crate::error::InputError;
use crate::systems::wolsung::rules::{Guard, Policy, Readings};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

mod duel;
mod gang;
mod initiative;
mod leave;
mod magic;
mod melee;
mod shooting;

/// What a kind builds: its cells and how they are laid out.
pub(crate) type Cells = (Vec<CellSpec>, Layout);

/// A validated Wolsung model.
#[derive(Clone)]
pub(crate) struct Model {
    label: String,
    a: u8,
    m: u8,
    c: i32,
    f: u32,
    d: i32,
    r: i32,
    h: u32,
    armour: u32,
    hero: bool,
    suit: Option<u8>,
    magic: Option<i32>,
    melee_bonus: i32,
    hard_to_kill: bool,
    sunnir: bool,
    beginners_luck: bool,
}

/// A validated Wolsung gun.
#[derive(Clone)]
pub(crate) struct Gun {
    label: String,
    f: u32,
    bands: Vec<(i64, i32)>,
    rapid: bool,
    rapid_fire: u8,
    movement_penalty: i32,
    ap: u32,
}

fn list<T>(xs: &[(&str, T)]) -> String {
    xs.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// Read a Wolsung scenario and build its cells (the system's [`crate::system::KindDef::build`]).
/// Read a Wolsung scenario of kind `kind` and build its cells with `by`, the kind's own builder
/// (its entry in `super::kinds::KINDS`), handed the file and the readings in force.
pub(crate) fn build(
    ctx: &mut Ctx,
    kind: Kind,
    doc: Doc<'_>,
    setup: &mut Vec<String>,
    by: impl FnOnce(&Wolsung<'_>, &File, Readings, &mut Vec<String>) -> Result<Cells, InputError>,
) -> Result<Built, InputError> {
    let (f, lib) = library::read(ctx, kind, doc, Library::default())?;
    let w = Wolsung { ctx, lib };
    let readings = f.readings.read(&w)?;
    let (cells, layout) = by(&w, &f, readings, setup)?;
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

/// The models and guns of a scenario and its included library files, each validated when it is
/// read (a bad value is an error at its own file's line) and kept with the file it came from;
/// read by the one library reader (`crate::config::library`).
#[derive(Default)]
pub(crate) struct Library {
    models: Entries<Model>,
    guns: Entries<Gun>,
}

impl library::Library for Library {
    type Scenario = File;
    type File = schema::LibraryFile;
    fn add_scenario(&mut self, ctx: &Ctx, f: &File) -> Result<(), InputError> {
        self.add(ctx, 0, &f.models, &f.guns)
    }
    fn add_file(&mut self, ctx: &Ctx, file: usize, l: &schema::LibraryFile) -> Result<(), InputError> {
        self.add(ctx, file, &l.models, &l.guns)
    }
}

impl Library {
    /// Add one file's models and guns, each validated.
    fn add(
        &mut self,
        ctx: &Ctx,
        file: usize,
        models: &BTreeMap<String, schema::WolsungModel>,
        guns: &BTreeMap<String, schema::WolsungGun>,
    ) -> Result<(), InputError> {
        let w = Wolsung { ctx, lib: Library::default() };
        for (name, m) in models {
            self.models.add(ctx, (file, "models", "model"), name, || w.model(file, name, m))?;
        }
        for (name, g) in guns {
            self.guns.add(ctx, (file, "guns", "gun"), name, || w.gun(file, name, g))?;
        }
        Ok(())
    }
}

/// The Wolsung builder: reads as the [`Ctx`] it holds, with the scenario's models and guns.
pub(crate) struct Wolsung<'c> {
    pub(crate) ctx: &'c Ctx,
    pub(crate) lib: Library,
}

impl std::ops::Deref for Wolsung<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Wolsung<'_> {
    /// The model `name` (from the scenario or a library), or an error at `at`.
    fn model_w(&self, _f: &File, name: &str, at: &[&str]) -> Result<Model, InputError> {
        match self.lib.models.get(name) {
            Some(m) => Ok(m.clone()),
            None => Err(self.err(0, at, format!("unknown model `{name}`"), self.lib.models.known("model"))),
        }
    }

    /// The gun `name` (from the scenario or a library), or an error at `at`.
    fn gun_w(&self, _f: &File, name: &str, at: &[&str]) -> Result<Gun, InputError> {
        match self.lib.guns.get(name) {
            Some(g) => Ok(g.clone()),
            None => Err(self.err(0, at, format!("unknown gun `{name}`"), self.lib.guns.known("gun"))),
        }
    }

    /// Validate model `name` as written in file `file`.
    fn model(&self, file: usize, name: &str, m: &schema::WolsungModel) -> Result<Model, InputError> {
        let v =
            |field: &'static str, x: i64, r: RangeInclusive<i64>| self.int(file, &["models", name, field], x, r, field);
        let suit = match &m.suit {
            None => None,
            Some(s) => Some(match s.as_str() {
                "♠" | "spades" => 0,
                "♥" | "hearts" => 1,
                "♦" | "diamonds" => 2,
                "♣" | "clubs" => 3,
                other => {
                    return Err(self.err(
                        file,
                        &["models", name, "suit"],
                        format!("unknown suit `{other}`"),
                        "♠ ♥ ♦ ♣ (or spades, hearts, diamonds, clubs)",
                    ));
                }
            }),
        };
        Ok(Model {
            label: m.name.clone().unwrap_or_else(|| name.to_string()),
            a: v("a", m.a.unwrap_or(2), 1..=4)? as u8,
            m: v("m", m.m, 0..=12)? as u8,
            c: v("c", m.c, 0..=12)? as i32,
            f: v("f", m.f, 0..=12)? as u32,
            d: v("d", m.d, 0..=12)? as i32,
            r: v("r", m.r, 0..=12)? as i32,
            h: v("h", m.h, 1..=20)? as u32,
            armour: v("armour", m.armour.unwrap_or(0), 0..=6)? as u32,
            hero: m.hero.unwrap_or(false),
            suit,
            magic: m.magic.map(|x| v("magic", x, 0..=12).map(|x| x as i32)).transpose()?,
            melee_bonus: v("melee_bonus", m.melee_bonus.unwrap_or(0), -3..=5)? as i32,
            hard_to_kill: m.hard_to_kill.unwrap_or(false),
            sunnir: m.sunnir.unwrap_or(false),
            beginners_luck: m.beginners_luck.unwrap_or(false),
        })
    }

    /// Validate gun `name` as written in file `file`.
    fn gun(&self, file: usize, name: &str, g: &schema::WolsungGun) -> Result<Gun, InputError> {
        let at_g = |field: &'static str| -> [&str; 3] { ["guns", name, field] };
        let mut bands = Vec::new();
        let mut last = 0;
        for b in &g.bands {
            if b.len() != 2 || b[0] <= last || b[0] > 60 || !(-6..=6).contains(&b[1]) {
                return Err(self.err(file, &at_g("bands"), format!("band {b:?}"), "[[up to inches, dice modifier], …] with increasing distances up to 60 and modifiers −6..=6, e.g. [[8, 1], [16, -1], [24, -2]]"));
            }
            last = b[0];
            bands.push((b[0], b[1] as i32));
        }
        if bands.is_empty() {
            return Err(self.err(file, &at_g("bands"), "no range bands", "at least one band"));
        }
        Ok(Gun {
            label: g.name.clone().unwrap_or_else(|| name.to_string()),
            f: self.int(file, &at_g("f"), g.f, 0..=15, "f")? as u32,
            bands,
            rapid: g.rapid.unwrap_or(false),
            rapid_fire: self.int(file, &at_g("rapid_fire"), g.rapid_fire.unwrap_or(1), 1..=6, "rapid_fire")? as u8,
            movement_penalty: self.int(
                file,
                &at_g("movement_penalty"),
                g.movement_penalty.unwrap_or(0),
                0..=6,
                "movement_penalty",
            )? as i32,
            ap: self.int(
                file,
                &at_g("armour_penetration"),
                g.armour_penetration.unwrap_or(0),
                0..=6,
                "armour_penetration",
            )? as u32,
        })
    }

    fn policy_w(&self, name: &str, at: &[&str]) -> Result<Policy, InputError> {
        Policy::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| *p)
            .ok_or_else(|| self.err(0, at, format!("unknown policy `{name}`"), list(&Policy::ALL)))
    }

    /// How a defender answers a melee attack: `on_guard` or `parry`.
    fn guard_w(&self, name: &str, at: &[&str]) -> Result<Guard, InputError> {
        Guard::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, g)| *g)
            .ok_or_else(|| self.err(0, at, format!("unknown choice `{name}`"), list(&Guard::ALL)))
    }
}

/// The cards in a model's hand: a hero holds 3 + one per hero on the table, a henchman none.
fn hand_of(m: &Model, heroes: u8) -> u8 {
    if m.hero { 3 + heroes } else { 0 }
}

/// A model's profile as the setup lines show it.
fn describe(m: &Model) -> String {
    format!(
        "{}: A{} M{} C{} F{} D{} R{} H{} armour {}{}{}{}",
        m.label,
        m.a,
        m.m,
        m.c,
        m.f,
        m.d,
        m.r,
        m.h,
        m.armour,
        if m.hero { ", hero" } else { ", henchman (no cards)" },
        if m.hard_to_kill { ", Hard to kill" } else { "" },
        if m.beginners_luck { ", Beginner's luck" } else { "" }
    )
}
