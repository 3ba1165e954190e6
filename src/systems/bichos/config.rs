//! ¡Bichos! config: profiles, the source's weapons, and the bichos scenario kinds.

use super::schema::{self, BichosShot, File};
use crate::analysis::scenario::{CellSpec, Kind, Layout, Note};
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::bichos::rules::{
    Encounter, KoAndDuck, Opposed, PROFILES, Profile, Pursuit, PursuitHalving, PursuitTest, RangedInContact, Reaction,
    Readings, Sequence, Shot, ShotTestOrder, Situation, TERRAIN, Targets, TerrainRoll, TrialBichos, Units, WEAPONS,
    Weapon, WoundedTests, encounter_number,
};
use serde_json::json;
use std::ops::RangeInclusive;

type Cells = (Vec<CellSpec>, Layout);

fn names<T>(list: &[(&str, &str, T)]) -> String {
    list.iter().map(|(n, _, _)| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// Read a ¡Bichos! scenario and build its cells (the system's [`crate::system::RuleSystem::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, text: &str, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let f: File = ctx.read_plain(kind, text)?;
    let b = Bichos { ctx };
    let readings = f.readings.read(b.ctx)?;
    let (cells, layout) = b.build(kind, &f, &readings, setup)?;
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

/// The ¡Bichos! builder: reads as the [`Ctx`] it holds.
struct Bichos<'c> {
    ctx: &'c Ctx,
}

impl std::ops::Deref for Bichos<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Bichos<'_> {
    fn profile_b(&self, f: &File, name: &str, at: &[&str]) -> Result<(Profile, String), InputError> {
        if let Some(p) = f.profiles.get(name) {
            let v = |field: &'static str, x: i64, r: RangeInclusive<i64>| {
                self.int(0, &["profiles", name, field], x, r, field)
            };
            return Ok((
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
            ));
        }
        match PROFILES.iter().find(|(n, _, _)| *n == name) {
            Some((_, label, p)) => Ok((*p, label.to_string())),
            None => {
                let mut all: Vec<String> = PROFILES.iter().map(|(n, _, _)| format!("`{n}`")).collect();
                all.extend(f.profiles.keys().map(|k| format!("`{k}`")));
                Err(self.err(0, at, format!("unknown profile `{name}`"), all.join(", ")))
            }
        }
    }

    fn weapon_b(&self, name: &str, at: &[&str], r: &Readings) -> Result<(Weapon, String), InputError> {
        let (_, label, w) = WEAPONS
            .iter()
            .find(|(n, _, _)| *n == name)
            .ok_or_else(|| self.err(0, at, format!("unknown weapon `{name}`"), names(&WEAPONS)))?;
        let mut w = *w;
        if name == "grenade" {
            w.pot = Some(r.grenade_pot);
        }
        Ok((w, label.to_string()))
    }

    fn build(&self, kind: Kind, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let built = self.build_bichos_cells(kind, f, r, setup)?;
        self.note_bichos_readings(kind, f, &built.0);
        self.note_bichos_rules(kind);
        Ok(built)
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
            ("grenade_pot", raw.grenade_pot.is_some() && !weapons.contains(&"grenade"), "no grenade is thrown"),
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
                    "under `shot_wounded_tests = herido_only` a wounded figure takes one test only"
                } else {
                    "no figure is shot at, so no figure takes both \"Herido\" and \"Bajo fuego\""
                },
            ),
            (
                "ko_and_duck_activations",
                raw.ko_and_duck_activations.is_some() && !ducking_duel,
                "it only applies to duels in which a figure is shot at (two guns, or a gun in contact under `ranged_in_contact = shot`): only a figure shot at ducks back",
            ),
        ];
        for (field, ignored, reason) in why {
            if ignored {
                self.note(Note::ignored(format!(
                    "`readings.{field}` cannot change any number in this scenario: {reason}"
                )));
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

    fn build_bichos_cells(
        &self,
        kind: Kind,
        f: &File,
        r: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<Cells, InputError> {
        match kind {
            Kind("shot") | Kind("sequence") => {
                let sec = if kind == Kind("shot") { "shot" } else { "sequence" };
                let s = self.section(if kind == Kind("shot") { &f.shot } else { &f.sequence }, sec)?;
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
                if kind == Kind("shot") {
                    if s.target.is_some() {
                        return Err(self.err(
                            0,
                            &[sec, "target"],
                            "a shot lists `targets`",
                            "targets = [\"pequeno\", ...]",
                        ));
                    }
                    let names = s
                        .targets
                        .clone()
                        .ok_or_else(|| self.err(0, &[sec], "missing `targets`", "1 to 3 profile names"))?;
                    let max = match weapon.targets {
                        Targets::One => 1,
                        _ => 3,
                    };
                    if names.is_empty() || names.len() > max {
                        return Err(self.err(
                            0,
                            &[sec, "targets"],
                            format!("{} targets for this weapon", names.len()),
                            format!(
                                "1..={max}{}",
                                if weapon.targets == Targets::Template {
                                    " (a 4th and later figure under the template fares like the 3rd)"
                                } else {
                                    ""
                                }
                            ),
                        ));
                    }
                    let mut targets = Vec::new();
                    for (i, n) in names.iter().enumerate() {
                        let (p, label) = self.profile_b(f, n, &[sec, "targets"])?;
                        setup.push(format!("Target {}: {label} (RES {}, BLD {}, FDV {})", i + 1, p.res, p.bld, p.fdv));
                        targets.push((p, Situation { target_index: i as u8 + 1, ..situation }));
                    }
                    let shot = Shot {
                        shooter_hda: shooter.hda,
                        damage_dice: weapon.dice,
                        pot,
                        shooting: weapon.pot.is_some(),
                        rules: r.hit_rules(),
                        targets,
                    };
                    setup.push(reactions_text(weapon.pot.is_some(), r));
                    Ok((vec![cell("shot", vec![], TrialBichos::Shot(shot))], Layout::Single))
                } else {
                    let n =
                        s.target.clone().ok_or_else(|| self.err(0, &[sec], "missing `target`", "one profile name"))?;
                    let (p, label) = self.profile_b(f, &n, &[sec, "target"])?;
                    let cap = self.int(0, &[sec, "cap"], s.cap.unwrap_or(100), 1..=1000, "cap")? as u16;
                    setup.push(format!("Target: {label} (RES {}, BLD {}, FDV {}); attacks repeat with RES, FDV and death carried over, up to {cap}", p.res, p.bld, p.fdv));
                    setup.push(reactions_text(weapon.pot.is_some(), r));
                    self.note_sequence_moves(weapon.pot.is_some());
                    let seq = Sequence {
                        shooter_hda: shooter.hda,
                        damage_dice: weapon.dice,
                        pot,
                        shooting: weapon.pot.is_some(),
                        rules: r.hit_rules(),
                        target: p,
                        situation: Situation { target_index: 1, ..situation },
                        cap,
                    };
                    Ok((vec![cell("sequence", vec![], TrialBichos::Sequence(seq))], Layout::Single))
                }
            }
            Kind("arsenal") => {
                let a = self.section(&f.arsenal, "arsenal")?;
                let (shooter, s_label) = self.profile_b(f, &a.shooter, &["arsenal", "shooter"])?;
                let cap = self.int(0, &["arsenal", "cap"], a.cap.unwrap_or(100), 1..=1000, "cap")? as u16;
                let ranges = a.ranges.clone().unwrap_or_else(|| vec!["effective".into(), "long".into()]);
                for rg in &ranges {
                    if rg != "effective" && rg != "long" {
                        return Err(self.err(
                            0,
                            &["arsenal", "ranges"],
                            format!("unknown range `{rg}`"),
                            "`effective`, `long`",
                        ));
                    }
                }
                let covers = a.cover.clone().unwrap_or_else(|| vec![false, true]);
                if a.weapons.is_empty() || a.targets.is_empty() || ranges.is_empty() || covers.is_empty() {
                    return Err(self.err(
                        0,
                        &["arsenal"],
                        "weapons, targets, ranges and cover must each list at least one entry",
                        "non-empty lists",
                    ));
                }
                self.limit_cells(
                    "arsenal",
                    &[
                        ("weapons", a.weapons.len()),
                        ("targets", a.targets.len()),
                        ("ranges", ranges.len()),
                        ("cover", covers.len()),
                    ],
                )?;
                let mut weapons = Vec::new();
                for w in &a.weapons {
                    weapons.push(self.weapon_b(w, &["arsenal", "weapons"], r)?);
                }
                let mut targets = Vec::new();
                for t in &a.targets {
                    targets.push(self.profile_b(f, t, &["arsenal", "targets"])?);
                }
                let mut situations = Vec::new();
                let mut combos = Vec::new();
                for (tp, tl) in &targets {
                    for rg in &ranges {
                        for &cv in &covers {
                            situations.push(format!("{tl}, {rg}, {}", if cv { "cover" } else { "open" }));
                            combos.push((*tp, rg == "long", cv));
                        }
                    }
                }
                let mut cells = Vec::new();
                let mut index = Vec::new();
                for (w, wl) in &weapons {
                    let mut row = Vec::new();
                    for (k, &(tp, long, cv)) in combos.iter().enumerate() {
                        if long && !w.has_long_range {
                            row.push(None);
                            continue;
                        }
                        let situation =
                            Situation { long_range: long, cover: cv, target_index: 1, ..Situation::default() };
                        let seq = Sequence {
                            shooter_hda: shooter.hda,
                            damage_dice: w.dice,
                            pot: w.pot.unwrap_or(shooter.pot),
                            shooting: w.pot.is_some(),
                            rules: r.hit_rules(),
                            target: tp,
                            situation,
                            cap,
                        };
                        row.push(Some(cells.len()));
                        cells.push(cell(
                            &format!("{wl} vs {}", situations[k]),
                            vec![("weapon".into(), json!(wl)), ("situation".into(), json!(situations[k]))],
                            TrialBichos::Sequence(seq),
                        ));
                    }
                    index.push(row);
                }
                setup.push(format!("Shooter: {s_label} (HDA {}, POT {})", shooter.hda, shooter.pot));
                setup.push(format!(
                    "Weapons: {}",
                    weapons
                        .iter()
                        .map(|(w, l)| format!(
                            "{l} ({}D6, POT {})",
                            w.dice,
                            w.pot.map(|p| p.to_string()).unwrap_or_else(|| "the shooter's".into())
                        ))
                        .collect::<Vec<_>>()
                        .join("; ")
                ));
                setup.push(format!("Each cell: attacks at one target (the first on the firing table) repeated until it is dead or {cap} attacks; a weapon without a long range (the grenade) has no long-range cells"));
                setup.push(reactions_text(weapons.iter().any(|(w, _)| w.pot.is_some()), r));
                self.note_sequence_moves(weapons.iter().any(|(w, _)| w.pot.is_some()));
                Ok((
                    cells,
                    Layout::own(super::report::BichosLayout::Arsenal {
                        weapons: weapons.into_iter().map(|(_, l)| l).collect(),
                        situations,
                        index,
                    }),
                ))
            }
            Kind("reaction") => {
                let t = self.section(&f.reaction, "reaction")?;
                let from = self.int(0, &["reaction", "fdv_from"], t.fdv_from.unwrap_or(2), 0..=20, "fdv_from")?;
                let to = self.int(0, &["reaction", "fdv_to"], t.fdv_to.unwrap_or(12), from..=20, "fdv_to")?;
                let mut cells: Vec<CellSpec> = (from..=to)
                    .map(|v| {
                        cell(
                            &format!("modified FDV {v}"),
                            vec![("modified_fdv".into(), json!(v))],
                            TrialBichos::Reaction(Reaction { modified_fdv: v as i8 }),
                        )
                    })
                    .collect();
                let mods_given = [
                    t.leader,
                    t.leader_near,
                    t.higher_than_enemies,
                    t.in_cover,
                    t.attacking_from_behind,
                    t.attacked_from_behind,
                ]
                .iter()
                .any(Option::is_some)
                    || t.friends_near.is_some();
                let figure = match &t.profile {
                    Some(pn) => {
                        let (p, label) = self.profile_b(f, pn, &["reaction", "profile"])?;
                        let flag = |x: Option<bool>| x.unwrap_or(false) as i64;
                        let friends = self
                            .int(0, &["reaction", "friends_near"], t.friends_near.unwrap_or(0), 0..=10, "friends_near")?
                            .min(3);
                        let modified = p.fdv as i64
                            + 2 * flag(t.leader)
                            + flag(t.leader_near)
                            + friends
                            + flag(t.higher_than_enemies)
                            + flag(t.in_cover)
                            + 2 * flag(t.attacking_from_behind)
                            - 2 * flag(t.attacked_from_behind);
                        setup.push(format!(
                            "{label}: FDV {} {:+} (modifiers) = modified FDV {modified}",
                            p.fdv,
                            modified - p.fdv as i64
                        ));
                        cells.push(cell(
                            &format!("{label}, modified FDV {modified}"),
                            vec![("modified_fdv".into(), json!(modified))],
                            TrialBichos::Reaction(Reaction { modified_fdv: modified.clamp(-20, 40) as i8 }),
                        ));
                        Some((label, modified))
                    }
                    None if mods_given => {
                        return Err(self.err(
                            0,
                            &["reaction"],
                            "modifiers need the `profile` they apply to",
                            "profile = \"soldado\" (or omit the modifiers)",
                        ));
                    }
                    None => None,
                };
                let opposed = match &t.opposed {
                    Some(v) if v.len() == 2 => {
                        let a = self.int(0, &["reaction", "opposed"], v[0], 0..=15, "FDV")? as u8;
                        let bb = self.int(0, &["reaction", "opposed"], v[1], 0..=15, "FDV")? as u8;
                        cells.push(cell(
                            &format!("¿Ahora qué? FDV {a} vs {bb}"),
                            vec![("a_fdv".into(), json!(a)), ("b_fdv".into(), json!(bb))],
                            TrialBichos::Opposed(Opposed { a_fdv: a, b_fdv: bb }),
                        ));
                        Some((a, bb))
                    }
                    Some(v) => {
                        return Err(self.err(
                            0,
                            &["reaction", "opposed"],
                            format!("{} numbers", v.len()),
                            "[FDV of A, FDV of B]",
                        ));
                    }
                    None => None,
                };
                setup.push("Reaction test: 2D6 ≤ modified FDV passes 1st; otherwise a second 2D6 ≤ passes 2nd; otherwise failed both (equality passes)".into());
                setup.push("Modifiers: leader +2; own leader within 7 cm [3\"] in sight +1; +1 per friend (max 3) within 7 cm [3\"]; higher than all enemies +1; in cover +1; attacking from behind +2; attacked from behind −2".into());
                if let Some((a, bb)) = opposed {
                    setup.push(format!("¿Ahora qué? opposed roll: 1D6 + FDV {a} against 1D6 + FDV {bb}, higher acts first, ties re-rolled (with equal FDV this is also the activation tie-break)"));
                }
                Ok((
                    cells,
                    Layout::own(super::report::BichosLayout::Reaction { fdvs: (from..=to).collect(), figure, opposed }),
                ))
            }
            Kind("encounter") => {
                let e = self.section(&f.encounter, "encounter")?;
                let enc = self.encounter_b(&e.terrain, e.holes, e.soldiers, e.humans, "encounter", *r, setup)?;
                Ok((vec![cell("encounter", vec![], TrialBichos::Encounter(enc))], Layout::Single))
            }
            Kind("pursuit") => {
                let p = self.section(&f.pursuit, "pursuit")?;
                let (prof, label) = self.profile_b(f, &p.profile, &["pursuit", "profile"])?;
                let pu = pursuit_of(&prof, r.units, r);
                setup.push(pursuit_text(&label, &prof, r.units, r));
                Ok((vec![cell("pursuit", vec![], TrialBichos::Pursuit(pu))], Layout::Single))
            }
            Kind("terrain") => {
                setup.push("Terrain type, 2D6 (the source says 1D6 but lists 2–12): 5–8 open, 4 or 9 jungle/swamp, 3 or 10 rocky, 2, 11 or 12 mountain".into());
                Ok((vec![cell("terrain", vec![], TrialBichos::Terrain(TerrainRoll))], Layout::Single))
            }
            Kind("variants") => {
                let v = self.section(&f.variants, "variants")?;
                let (prof, label) = self.profile_b(f, &v.profile, &["variants", "profile"])?;
                let cm = Readings { units: Units::Cm, ..*r };
                let inches = Readings { units: Units::Inches, ..*r };
                let mut lines = Vec::new();
                let e_cm = self.encounter_b(&v.terrain, v.holes, v.soldiers, v.humans, "variants", cm, &mut lines)?;
                let e_in = Encounter { readings: inches, ..e_cm };
                setup.extend(lines);
                setup.push(pursuit_text(&label, &prof, Units::Cm, r));
                setup.push(pursuit_text(&label, &prof, Units::Inches, r));
                setup.push("The cm variant rolls the hole distance as 3D6 × 5 cm; the inches variant as 1D6 × 1D6 inches (doubles per `hole_doubles`). Comparisons convert inches at the translation's own 2.5 cm per inch (20 cm = 8\")".into());
                let cells = vec![
                    cell("encounter, cm", vec![("variant".into(), json!("cm"))], TrialBichos::Encounter(e_cm)),
                    cell("encounter, inches", vec![("variant".into(), json!("inches"))], TrialBichos::Encounter(e_in)),
                    cell(
                        "pursuit, cm",
                        vec![("variant".into(), json!("cm"))],
                        TrialBichos::Pursuit(pursuit_of(&prof, Units::Cm, r)),
                    ),
                    cell(
                        "pursuit, inches",
                        vec![("variant".into(), json!("inches"))],
                        TrialBichos::Pursuit(pursuit_of(&prof, Units::Inches, r)),
                    ),
                ];
                Ok((cells, Layout::own(super::report::BichosLayout::Variants)))
            }
            Kind("duel") => {
                let d = self.section(&f.duel, "duel")?;
                let turns = self.rounds(d.rounds, "duel")?;
                let mut side =
                    |x: &schema::FighterSpec,
                     name: &'static str|
                     -> Result<(crate::systems::bichos::rules::duel::Fighter, String), InputError> {
                        let (p, p_label) = self.profile_b(f, &x.card, &["duel", name, "card"])?;
                        let (w, w_label) =
                            self.weapon_b(x.weapon.as_deref().unwrap_or("fists"), &["duel", name, "weapon"], r)?;
                        let label = x.label.clone().unwrap_or_else(|| format!("{p_label} + {w_label}"));
                        setup.push(format!(
                            "{} — {label}: HDA {}, POT {}, FDV {}, RES {}, BLD {}; {}D6, POT {}",
                            name.to_uppercase(),
                            p.hda,
                            p.pot,
                            p.fdv,
                            p.res,
                            p.bld,
                            w.dice,
                            w.pot.unwrap_or(p.pot)
                        ));
                        let fighter = crate::systems::bichos::rules::duel::Fighter {
                            profile: p,
                            damage_dice: w.dice,
                            pot: w.pot.unwrap_or(p.pot),
                            situation: Situation { target_index: 1, ..Situation::default() },
                            shooting: w.pot.is_some(),
                        };
                        Ok((fighter, label))
                    };
                let (mut fa, a_label) = side(&d.a, "a")?;
                let (mut fb, b_label) = side(&d.b, "b")?;
                let gun_vs_melee = fa.shooting != fb.shooting;
                if r.ranged_in_contact == RangedInContact::Melee && fa.shooting != fb.shooting {
                    // "o del personaje, si el combate es CaC" (seed line 497): the gun fights in melee.
                    let (gun, gun_label) = if fa.shooting { (&fa, &a_label) } else { (&fb, &b_label) };
                    let (weapon_pot, own_pot, gun_label) = (gun.pot, gun.profile.pot, gun_label.clone());
                    for f in [&mut fa, &mut fb] {
                        if f.shooting {
                            f.shooting = false;
                            f.pot = f.profile.pot;
                        }
                    }
                    // A note rather than a setup line: a balance keeps every pair's notes.
                    self.note(Note::reading(format!("`ranged_in_contact = melee` (in force): {gun_label}, in contact with a melee fighter, fights in melee — the character's POT {own_pot} on the impact table, no \"Bajo fuego\" (`shot` would use the weapon's POT {weapon_pot} and force \"Bajo fuego\")")));
                } else if fa.shooting != fb.shooting {
                    let (shooter, gun_label) = if fa.shooting { (&fa, &a_label) } else { (&fb, &b_label) };
                    self.note(Note::reading(format!("`ranged_in_contact = shot` (in force): {gun_label}, in contact with a melee fighter, still shoots — the weapon's POT {} on the impact table, and its target tests \"Bajo fuego\" (`melee` would use the character's POT {} and no \"Bajo fuego\")", shooter.pot, shooter.profile.pot)));
                }
                setup.push("A win is the other figure out of the fight, fled or dead; \"removed as a casualty\" counts the dead only, so P(the loser fled, alive) = P(win) − P(its casualty) (at most one figure goes out)".into());
                setup.push(format!("{turns} turns: activation by current FDV (ties 1D6), one attack each on the firing table; a wounded figure tests \"Herido\" (2nd: FDV −1 and, under fire, ducks back; failed both: flees); a figure shot at tests \"Bajo fuego\" (2nd: ducks back; failed both: flees){}; an \"H\" knocks the figure down: it spends its next activation standing up; a figure that ducked back loses its next activation{}; RES ≤ 0 flees; a figure fleeing a fight in contact takes a free attack from behind; the fight ends when one flees or dies",
                    match (r.shot_wounded_tests, r.shot_test_order) {
                        (WoundedTests::HeridoOnly, _) => " — a wounded figure only \"Herido\" (`shot_wounded_tests = herido_only`)",
                        (WoundedTests::Both, ShotTestOrder::HeridoFirst) => ", after \"Herido\" when wounded (`shot_test_order = herido_first`)",
                        (WoundedTests::Both, ShotTestOrder::BajoFuegoFirst) => ", before \"Herido\" when wounded (`shot_test_order = bajo_fuego_first`)",
                    },
                    match r.ko_and_duck_activations {
                        KoAndDuck::One => " (knocked down and ducked back before it activates: one activation, `ko_and_duck_activations = one`)",
                        KoAndDuck::Two => " (knocked down and ducked back before it activates: two activations, one standing up and one coming back, `ko_and_duck_activations = two`)",
                    }));
                let contact = !fa.shooting || !fb.shooting;
                self.note(Note::not_modelled(
                    "the approach: the \"Cargando\" and \"Asaltado\" tests and any movement before the fight (both figures start able to attack each other); ducking back and retreating move no figure (a figure that ducks back loses its next activation)",
                ));
                if contact {
                    self.note(Note::not_modelled(
                        "summary G (seed line 487): a figure attacked in melee that gets \"Adelante\" on its reaction test may strike back at once — each figure attacks on its own activation only",
                    ));
                }
                let duel = crate::systems::bichos::rules::duel::Duel {
                    a: fa,
                    b: fb,
                    turns,
                    rules: r.hit_rules(),
                    ko_and_duck: r.ko_and_duck_activations,
                    gun_vs_melee,
                };
                Ok(crate::config::ctx::duel_cell(a_label, b_label, TrialBichos::Duel(duel)))
            }
            _ => unreachable!("kinds_of(bichos) lists only these"),
        }
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

    #[allow(clippy::too_many_arguments)]
    fn encounter_b(
        &self,
        terrain: &Option<String>,
        holes: Option<i64>,
        soldiers: Option<i64>,
        humans: Option<i64>,
        sec: &str,
        r: Readings,
        setup: &mut Vec<String>,
    ) -> Result<Encounter, InputError> {
        let t = terrain.clone().unwrap_or_else(|| "open".into());
        let tm = TERRAIN.iter().find(|(n, _)| *n == t).map(|(_, m)| *m).ok_or_else(|| {
            self.err(
                0,
                &[sec, "terrain"],
                format!("unknown terrain `{t}`"),
                TERRAIN.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let h = self.int(0, &[sec, "holes"], holes.unwrap_or(0), 0..=20, "holes")? as u8;
        let so = self.int(0, &[sec, "soldiers"], soldiers.unwrap_or(0), 0..=30, "soldiers")? as u8;
        let hu = self.int(0, &[sec, "humans"], humans.unwrap_or(4), 1..=30, "humans")? as u8;
        let number = encounter_number(tm, h, so);
        setup.push(format!(
            "Encounter number 9 {tm:+} ({t}) + {h} hole(s) − {} soldier(s) = {number}: a hole opens on 2D6 ≤ {number}",
            so.min(6)
        ));
        setup.push(format!("Direction 1D6 (1 front, 2 right, 3 behind, 4 left; 5–6 tremors: it opens next turn, re-roll then); {hu} humans: total attacking bugs = {hu} + 1D6, each big on 2D6 = 2, 3, 10, 11, 12"));
        Ok(Encounter { number, humans: hu, readings: r })
    }
}

fn pursuit_of(p: &Profile, units: Units, r: &Readings) -> Pursuit {
    Pursuit {
        mov: if units == Units::Cm { p.mov_cm } else { p.mov_in },
        fdv: p.fdv,
        units,
        halving: r.pursuit_halving,
        test: r.pursuit_test,
    }
}

fn pursuit_text(label: &str, p: &Profile, units: Units, r: &Readings) -> String {
    let (mov, bonus, u, floor) = match units {
        Units::Cm => (p.mov_cm, "2 / 5 / 7 cm", "cm", "2 cm"),
        Units::Inches => (p.mov_in, "1 / 2 / 3\"", "\"", "1\""),
    };
    format!(
        "Pursuit ({} variant) by {label}: MOV {mov}{u} + ½D6 ({bonus}); then an FDV {} test each turn ({}), a failure pursues again at half MOV ({}), down to the first MOV ≤ {floor}; charge reach 1.5 × MOV = {}{u}",
        schema::units::label(units),
        p.fdv,
        match r.pursuit_test {
            PursuitTest::Single => "2D6 ≤ FDV stops it",
            PursuitTest::Reaction => "a reaction test: passing at the 1st or 2nd roll stops it",
        },
        match r.pursuit_halving {
            PursuitHalving::RoundDown => "halves rounded down",
            PursuitHalving::Fractional => "exact halves, the total rounded to the nearest whole unit",
        },
        mov * 3 / 2
    )
}

/// The reaction tests an attack forces, for the setup lines.
fn reactions_text(shooting: bool, r: &Readings) -> String {
    let herido = "a wounded target tests \"Herido\" at once (passed 2nd: FDV −1; failed both: flees, RES and FDV 0)";
    let counts = "\"flees\" counts RES ≤ 0 and failed tests, also when the figure then died; \"fled, alive\" and \"dead\" are the two separate ways out";
    if shooting {
        format!(
            "Reaction tests: {herido}; a target shot at, hit or missed, tests \"Bajo fuego\" (failed both: flees){}; in cover +1 to both; {counts}",
            match (r.shot_wounded_tests, r.shot_test_order) {
                (WoundedTests::Both, ShotTestOrder::HeridoFirst) =>
                    ", after \"Herido\" when wounded (`shot_test_order = herido_first`)",
                (WoundedTests::Both, ShotTestOrder::BajoFuegoFirst) =>
                    ", before \"Herido\" when wounded (`shot_test_order = bajo_fuego_first`)",
                (WoundedTests::HeridoOnly, _) => " unless it was wounded (`shot_wounded_tests = herido_only`)",
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
