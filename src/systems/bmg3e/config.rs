//! The Batman Miniature Game 2019 (`bmg-3e`) scenario builders: cards and weapons, readings, one
//! attack or check, and the effort table (the duel is in `duel_config.rs`). Compare, sweep, paired
//! and balance are the generic analyses (`crate::config::analyses`), built from these.

use super::rules::Objective;
use super::rules::Trial3e;
use super::schema::{self, File};
use crate::analysis::scenario::{CellSpec, Kind, Layout, Note};
use crate::config::Doc;
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::batman::schema as shared;
use crate::systems::batman::{self, Batman, Edition};
use crate::systems::bmg3e::rules::{
    Attack, AttackSetup, Check, CheckKind, CheckSetup, Markers, MeleeMods, OneDie, Profile, RangedMods, Readings,
    RuleError, Weapon, WeaponKind, parse_damage,
};
use serde_json::json;
use std::ops::RangeInclusive;

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

/// How bmg-3e validates a card and a weapon as the shared Batman reader reads them.
const EDITION: Edition = Edition {
    card: |b, name, c, file| b.profile_of(name, c, file).map(|_| ()),
    weapon: |b, name, w, file| b.weapon_of(name, w, file).map(|_| ()),
};

/// Read a bmg-3e scenario and build its cells (the system's [`crate::system::RuleSystem::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, doc: Doc<'_>, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let (file, lib) = batman::read::<File>(ctx, kind, doc, &EDITION)?;
    Batman::new(ctx, lib).build_3e(kind, &file, setup)
}

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

pub(crate) fn describe_attack(ctx: &Batman, a: &shared::Attack, s: &AttackSetup) -> Vec<String> {
    let name = |n: &Option<String>| -> String {
        n.as_ref()
            .and_then(|n| ctx.cards.get(n).map(|(c, _)| c.name.clone().unwrap_or_else(|| n.clone())))
            .unwrap_or_default()
    };
    let wname = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
    let wlabel = ctx
        .weapons
        .get(&wname)
        .and_then(|(w, _)| w.name.clone())
        .unwrap_or_else(|| if wname == "unarmed" { "Unarmed".into() } else { wname.clone() });
    let mut lines = vec![
        format!("Attacker: {} ({}){}", name(&a.attacker), profile_text(&s.attacker), markers_text(s.attacker_markers)),
        format!("Weapon: {}", weapon_text(&s.weapon, &wlabel)),
        format!("Target: {} ({}){}", name(&a.target), profile_text(&s.target), markers_text(s.target_markers)),
    ];
    if crate::systems::bmg3e::rules::is_ko(&s.target, s.target_markers) {
        lines.push(format!(
            "The target is K.O. (★ ≥ Willpower): Defense −1 → {} for this attack, no block roll, effort or dodge, +1 ♦ per hit, cannot be knocked down (seed lines 1853–1881)",
            crate::systems::bmg3e::rules::defense_after(s, !matches!(s.weapon.kind, WeaponKind::Ranged { .. }))
        ));
    }
    lines.extend(describe_circumstances(a));
    lines
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
    [
        Note::reading(
            "which reading the rulebook means for a check rolled on one die: a check rolls Special dice and \"elige dos de los dados\" (seed lines 770–778), yet effort may leave \"un mínimo de 1D6\" (1592–1593) and K.O. takes a die (1862–1863, 2031–2036). The reading `check_with_one_die` decides: `\"plain_2d6\"` rolls a second die and takes both, `\"single_die\"` compares the one die alone; every number here that rests on a check rolled on one die depends on it",
        ),
        Note::reading(format!(
            "`check_with_one_die` moves these numbers: {what} rolls 1 die and passes with P = {plain} under `\"plain_2d6\"`{a}, {single} under `\"single_die\"`{b}"
        )),
    ]
}

pub(crate) fn markers_text(m: Markers) -> String {
    if m == Markers::default() { String::new() } else { format!(", starting with {m}") }
}

pub(crate) fn describe_circumstances(a: &shared::Attack) -> Vec<String> {
    let mut out = Vec::new();
    let mut parts = Vec::new();
    if let Some(e) = a.attacker_effort {
        parts.push(format!("attacker effort {e}"));
    }
    if let Some(e) = a.target_effort {
        parts.push(format!("target effort {e}"));
    }
    if let Some(k) = a.enemies_in_contact {
        parts.push(format!("{} in contact with the target", crate::text::plural(k, "enemy", "enemies")));
    }
    if let Some(d) = a.defense_mod {
        parts.push(format!("Defense modifier {d:+}"));
    }
    for (name, v) in [
        ("moved before shooting (−2 dice)", a.moved),
        ("beyond optimal range (−1 die)", a.beyond_optimal_range),
        ("target in cover (−1 die)", a.cover),
        ("blind fire (−2 dice)", a.blind_fire),
        ("storm active this round (−1 die)", a.storm),
    ] {
        if v == Some(true) {
            parts.push(name.to_string());
        }
    }
    if let Some(d) = a.dodge.filter(|&d| d > 0) {
        parts.push(format!("dodge −{d} dice"));
    }
    if !parts.is_empty() {
        out.push(format!("Circumstances: {}", parts.join(", ")));
    }
    out
}

impl Batman<'_> {
    /// Build a bmg-3e scenario's cells and layout (the system's part of [`super::build`]).
    pub(crate) fn build_3e(&self, kind: Kind, file: &File, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let readings = file.readings.read(self)?;
        let (cells, layout) = match kind {
            Kind("attack") => {
                let a = self.section(&file.attack, "attack")?;
                let s = self.attack_setup(&a, "attack", &readings, "")?;
                *setup = describe_attack(self, &a, &s);
                let attack = self.build_attack(&s, "attack", "")?;
                (vec![cell("attack", vec![], Trial3e::Attack(attack))], Layout::Single)
            }
            Kind("check") => {
                let c = self.section(&file.check, "check")?;
                let (cs, lines) = self.check_setup(&c, "check", &readings)?;
                *setup = lines;
                (vec![cell("check", vec![], Trial3e::Check(Check::new(&cs)))], Layout::Single)
            }
            Kind("effort") => self.effort(file, &readings, setup)?,
            Kind("duel") => self.duel(file, &readings, setup)?,
            _ => unreachable!("kinds_of(bmg-3e) lists only the kinds above"),
        };
        Ok((cells, layout, schema::Readings::labels(&readings)))
    }

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

    /// Turn an `[attack]`-shaped section into a rule setup. `ctx_label` prefixes messages for
    /// compare/sweep cells so the user knows which cell failed.
    pub(crate) fn attack_setup(
        &self,
        a: &shared::Attack,
        sec: &str,
        readings: &Readings,
        ctx_label: &str,
    ) -> Result<AttackSetup, InputError> {
        let need = |v: &Option<String>, field: &str| -> Result<String, InputError> {
            v.clone().ok_or_else(|| {
                self.err(0, &[sec, field], format!("{ctx_label}missing `{field}`"), self.card_names())
                    .field(format!("{sec}.{field}"), self.card_names())
            })
        };
        let attacker_name = need(&a.attacker, "attacker")?;
        let target_name = need(&a.target, "target")?;
        let (attacker, _) = self.card(&attacker_name, &[sec, "attacker"])?;
        let (target, _) = self.card(&target_name, &[sec, "target"])?;
        let weapon_name = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
        let (weapon, _) = self.weapon(&weapon_name, &[sec, "weapon"])?;
        let int = |field: &str, v: Option<i64>, default: i64, r: RangeInclusive<i64>| -> Result<u8, InputError> {
            match v {
                None => Ok(default as u8),
                Some(v) => self.int(0, &[sec, field], v, r, &format!("{ctx_label}{field}")).map(|v| v as u8),
            }
        };
        self.refuse_other_edition_attack(a, sec)?;
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
        let melee_only = [
            ("attacker_effort", a.attacker_effort.is_some()),
            ("target_effort", a.target_effort.is_some()),
            ("enemies_in_contact", a.enemies_in_contact.is_some()),
        ];
        let ranged_only = [
            ("moved", a.moved.is_some()),
            ("beyond_optimal_range", a.beyond_optimal_range.is_some()),
            ("cover", a.cover.is_some()),
            ("blind_fire", a.blind_fire.is_some()),
            ("storm", a.storm.is_some()),
            ("dodge", a.dodge.is_some()),
        ];
        for (field, set) in if ranged { melee_only.as_slice() } else { ranged_only.as_slice() } {
            if *set {
                let (this, other) = if ranged { ("ranged", "melee") } else { ("melee", "ranged") };
                return Err(self.err(
                    0,
                    &[sec, field],
                    format!("{ctx_label}`{field}` applies to {other} attacks only; weapon `{weapon_name}` is {this} (no effort or block roll against ranged attacks)"),
                    if ranged { "moved, beyond_optimal_range, cover, blind_fire, storm, dodge, defense_mod" } else { "attacker_effort, target_effort, enemies_in_contact, defense_mod" },
                ));
            }
        }
        if a.storm == Some(true) {
            self.note(crate::analysis::scenario::Note::not_modelled(
                "the Storm event's roll: `storm = true` means this round's start-of-round D6 came up 4+ (every ranged attack rolls 1 die less); with the event in play that happens in a round with P = 1/2 (seed lines 2734–2739), so average the results with and without `storm` for a round not yet rolled",
            ));
        }
        let attacker_markers = Markers {
            stun: int("attacker_stun", a.attacker_stun, 0, 0..=12)?,
            wounds: int("attacker_wounds", a.attacker_wounds, 0, 0..=12)?,
        };
        if attacker_markers.stun >= attacker.willpower {
            return Err(self.err(
                0,
                &[sec, "attacker_stun"],
                format!("{ctx_label}an attacker with {} ★ is K.O. and cannot attack", attacker_markers.stun),
                format!("0..={}", attacker.willpower - 1),
            ));
        }
        if attacker_markers.wounds >= attacker.endurance {
            return Err(self.err(
                0,
                &[sec, "attacker_wounds"],
                format!("{ctx_label}an attacker with {} ♦ is a casualty", attacker_markers.wounds),
                format!("0..={}", attacker.endurance - 1),
            ));
        }
        let setup = AttackSetup {
            attacker,
            attacker_markers,
            weapon,
            target,
            target_markers: Markers {
                stun: int("target_stun", a.target_stun, 0, 0..=12)?,
                wounds: int("target_wounds", a.target_wounds, 0, 0..=12)?,
            },
            defense_mod: int("defense_mod", a.defense_mod, 0, -5..=5)? as i8,
            melee: MeleeMods {
                attacker_effort: int("attacker_effort", a.attacker_effort, 0, 0..=3)?,
                target_effort: int("target_effort", a.target_effort, 0, 0..=3)?,
                enemies_in_contact: int("enemies_in_contact", a.enemies_in_contact, 1, 1..=6)?,
            },
            ranged: RangedMods {
                moved: a.moved.unwrap_or(false),
                beyond_optimal_range: a.beyond_optimal_range.unwrap_or(false),
                cover: a.cover.unwrap_or(false),
                blind_fire: a.blind_fire.unwrap_or(false),
                storm: a.storm.unwrap_or(false),
                dodge: int("dodge", a.dodge, 0, 0..=6)?,
            },
            readings: *readings,
        };
        self.note_ko_target(&setup, ranged);
        Ok(setup)
    }

    /// Notes for an attack on a K.O. target whose numbers hang on something the analyser cannot
    /// settle: where `defense_mod` comes from, and the reading `ko_target_outnumbered`.
    fn note_ko_target(&self, s: &AttackSetup, ranged: bool) {
        if !crate::systems::bmg3e::rules::is_ko(&s.target, s.target_markers) {
            return;
        }
        if s.defense_mod != 0 {
            self.note(Note::not_modelled(format!(
                "where `defense_mod` {:+} comes from: the target is K.O. and \"No puede defenderse o usar habilidades especiales\" (seed lines 1859–1860), so a Defense bonus from its own abilities or equipment rules does not apply while it is K.O. and should be left out; terrain and scenario modifiers still apply. It is applied as given",
                s.defense_mod
            )));
        }
        if !ranged && s.melee.enemies_in_contact >= 2 {
            let with = |outnumbered: bool| {
                let mut t = s.clone();
                t.readings.ko_target_outnumbered = outnumbered;
                crate::systems::bmg3e::rules::defense_after(&t, true)
            };
            let (yes, no) = (with(true), with(false));
            if yes != no {
                let (a, b) = if s.readings.ko_target_outnumbered { (" (in force)", "") } else { ("", " (in force)") };
                self.note(Note::reading(format!(
                    "whether a K.O. target is outnumbered: a K.O. model \"No cuenta como estar 'en contacto'\" (seed lines 1865–1867). With {} in contact these numbers depend on the reading `ko_target_outnumbered`: Defense {yes} under `true`{a} (numerical inferiority still applies, 1503–1515), {no} under `false`{b}",
                    crate::text::plural(s.melee.enemies_in_contact as i64, "enemy", "enemies")
                )));
            }
        }
    }

    pub(crate) fn build_attack(&self, s: &AttackSetup, sec: &str, ctx_label: &str) -> Result<Attack, InputError> {
        Attack::new(s).map_err(|RuleError { field, message, allowed }| {
            self.err(0, &[sec, field], format!("{ctx_label}{message}"), allowed)
        })
    }

    pub(crate) fn check_setup(
        &self,
        c: &shared::Check,
        sec: &str,
        readings: &Readings,
    ) -> Result<(CheckSetup, Vec<String>), InputError> {
        let model_name = c
            .model
            .clone()
            .ok_or_else(|| self.err(0, &[sec], "missing `model` (the card that rolls)", self.card_names()))?;
        let (model, model_label) = self.card(&model_name, &[sec, "model"])?;
        let kind = match c.kind.as_deref().unwrap_or("own") {
            "own" => CheckKind::Own,
            "opposed" => CheckKind::Opposed,
            other => {
                return Err(self.err(
                    0,
                    &[sec, "type"],
                    format!("unknown check type `{other}`"),
                    "`own` (keep two lowest, pass if ≤ X), `opposed` (keep two highest, pass if > X)",
                ));
            }
        };
        let ko = c.ko.unwrap_or(false);
        if ko && kind == CheckKind::Opposed {
            // An opposed check is rolled by a model using an ability; a K.O. model uses none.
            return Err(self.err(
                0,
                &[sec, "type"],
                "a K.O. model cannot make an opposed check: it is the check a model rolls \"cuando trates de utilizar alguna característica especial\" (seed lines 801–806), and a K.O. model \"No puede defenderse o usar habilidades especiales\" (1859–1860)",
                "`own` while `ko = true` (its recovery, or a check an enemy's ability forces on it), or `ko = false`",
            ));
        }
        let chars = ["attack", "defense", "strength", "willpower", "endurance", "special", "movement"];
        let (value, what) = match (&c.value, &c.characteristic) {
            (Some(_), Some(_)) => {
                return Err(self.err(0, &[sec, "value"], "give `value` or `characteristic`, not both", "one of them"));
            }
            (Some(v), None) => (self.int(0, &[sec, "value"], *v, 1..=12, "value")? as u8, format!("X = {v}")),
            (None, Some(ch)) => {
                let holder = match kind {
                    CheckKind::Own => {
                        if c.against.is_some() {
                            return Err(self.err(
                                0,
                                &[sec, "against"],
                                "an own check uses the model's own characteristic",
                                "omit `against`, or use type = \"opposed\"",
                            ));
                        }
                        (model.clone(), model_label.clone())
                    }
                    CheckKind::Opposed => {
                        let t = c.against.clone().ok_or_else(|| {
                            self.err(
                                0,
                                &[sec],
                                "an opposed check with `characteristic` needs `against` (whose characteristic)",
                                self.card_names(),
                            )
                        })?;
                        self.card(&t, &[sec, "against"])?
                    }
                };
                let p = &holder.0;
                let v = match ch.as_str() {
                    "attack" => p.attack,
                    "defense" => p.defense,
                    "strength" => p.strength,
                    "willpower" => p.willpower,
                    "endurance" => p.endurance,
                    "special" => p.special,
                    "movement" => p.movement,
                    other => {
                        return Err(self.err(
                            0,
                            &[sec, "characteristic"],
                            format!("unknown characteristic `{other}`"),
                            chars.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", "),
                        ));
                    }
                };
                // "Sufre una penalización de -1 a su ataque, defensa y especial" (seed lines
                // 1862–1863): a K.O. model's own check against one of those compares with it −1
                // (never below 1, 504–506).
                if ko && kind == CheckKind::Own && matches!(ch.as_str(), "attack" | "defense" | "special") {
                    let lowered = v.saturating_sub(1).max(1);
                    (lowered, format!("X = {}'s {ch} {lowered} ({v} − 1 while K.O., seed lines 1862–1863)", holder.1))
                } else {
                    (v, format!("X = {}'s {ch} {v}", holder.1))
                }
            }
            (None, None) => {
                return Err(self.err(
                    0,
                    &[sec],
                    "a check needs `characteristic` or `value` (the X to compare with)",
                    "characteristic = \"willpower\" | ..., or value = 2..=12",
                ));
            }
        };
        let setup = CheckSetup {
            kind,
            special: model.special,
            ko,
            enemy_effort: self.int(0, &[sec, "enemy_effort"], c.enemy_effort.unwrap_or(0), 0..=7, "enemy_effort")?
                as u8,
            value,
            readings: *readings,
        };
        if setup.enemy_effort > 3 {
            self.note(crate::analysis::scenario::Note::not_modelled(format!(
                "the effort limit of whoever spends `enemy_effort` {}: one model may spend at most 3 per action or ability (seed lines 1623–1638), so this value is taken as the effort of several models",
                setup.enemy_effort
            )));
        }
        let dice = Check::new(&setup).dice;
        if dice == 1 {
            for n in one_die_notes(
                &format!(
                    "{model_label}'s {} check against X = {value}",
                    if kind == CheckKind::Own { "own" } else { "opposed" }
                ),
                one_die_pass(kind, value as u32),
                readings.check_with_one_die,
            ) {
                self.note(n);
            }
        }
        let lines = vec![
            format!(
                "Model: {model_label} (Special {}){}",
                model.special,
                if setup.ko { ", K.O. (−1 die)" } else { "" }
            ),
            match kind {
                // One die left: the reading `check_with_one_die` says what is compared.
                CheckKind::Own if dice == 1 => format!(
                    "Own check: 1 die left — {}, pass if the sum ≤ X; {what}",
                    match readings.check_with_one_die {
                        OneDie::Plain2d6 =>
                            "a second die is rolled and both are summed (`check_with_one_die = plain_2d6`)",
                        OneDie::SingleDie => "the one die alone (`check_with_one_die = single_die`)",
                    }
                ),
                CheckKind::Opposed if dice == 1 => format!(
                    "Opposed check: 1 die left — {}, pass if the sum > X; {what}",
                    match readings.check_with_one_die {
                        OneDie::Plain2d6 =>
                            "a second die is rolled and both are summed (`check_with_one_die = plain_2d6`)",
                        OneDie::SingleDie => "the one die alone (`check_with_one_die = single_die`)",
                    }
                ),
                CheckKind::Own => {
                    format!("Own check: roll {dice} dice, keep the two lowest, pass if their sum ≤ X; {what}")
                }
                CheckKind::Opposed => {
                    format!("Opposed check: roll {dice} dice, keep the two highest, pass if their sum > X; {what}")
                }
            },
            format!("Enemy effort removing dice: {}", setup.enemy_effort),
        ];
        Ok((setup, lines))
    }

    pub(crate) fn effort(
        &self,
        f: &File,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<(Vec<CellSpec>, Layout), InputError> {
        let a = self.section(&f.attack, "attack")?;
        let e = self.section(&f.effort, "effort")?;
        for (field, set) in
            [("attacker_effort", a.attacker_effort.is_some()), ("target_effort", a.target_effort.is_some())]
        {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "an effort table tries every allowed effort; do not fix it",
                    "omit it",
                ));
            }
        }
        let s = e.objective.as_deref().unwrap_or("ko");
        let objective = Objective::ALL.iter().find(|(n, _)| *n == s).map(|(_, o)| *o).ok_or_else(|| {
            self.err(
                0,
                &["effort", "objective"],
                format!("unknown objective `{s}`"),
                Objective::ALL.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let base = self.attack_setup(&a, "attack", readings, "")?;
        if matches!(base.weapon.kind, WeaponKind::Ranged { .. }) {
            return Err(self.err(
                0,
                &["attack", "weapon"],
                "effort applies to melee attacks only",
                "a melee weapon or `unarmed`",
            ));
        }
        *setup = describe_attack(self, &a, &base);
        let a_limit = crate::systems::bmg3e::rules::effort_limit(&base.attacker, base.attacker_markers);
        let t_limit = if crate::systems::bmg3e::rules::is_ko(&base.target, base.target_markers) {
            0
        } else {
            crate::systems::bmg3e::rules::effort_limit(&base.target, base.target_markers).min(base.attacker.attack)
        };
        setup.push(format!("Effort limits: target 0..={t_limit}, attacker 0..={a_limit}; the target declares first"));
        setup.push(format!("Objective `{}`: {}", objective.name(), objective.counts()));
        let mut cells = Vec::new();
        for t in 0..=t_limit {
            for at in 0..=a_limit {
                let mut s = base.clone();
                s.melee.target_effort = t;
                s.melee.attacker_effort = at;
                let attack = self.build_attack(&s, "attack", "")?;
                cells.push(cell(
                    &format!("target {t} / attacker {at}"),
                    vec![("target_effort".into(), json!(t)), ("attacker_effort".into(), json!(at))],
                    Trial3e::Attack(attack),
                ));
            }
        }
        Ok((cells, Layout::own(super::report::EffortLayout { objective })))
    }
}
