//! Wolsung config: models, guns, card policies and the Wolsung kinds, from TOML to trials.

use super::schema::{self, File};
use crate::analysis::cell::Cell;
use crate::analysis::paired::Paired;
use crate::analysis::scenario::Note;
use crate::analysis::scenario::{CellSpec, Kind, Layout};
use crate::config::ctx::{Built, Ctx, cell};
use crate::error::InputError;
use crate::systems::wolsung::rules::{
    Bid, Guard, Leave, Magic, Melee, PenaltyFloor, Policy, Reaction, ShootingTurn, TrialWolsung, card_text, parse_card,
};
use serde_json::json;
use std::ops::RangeInclusive;

/// A validated Wolsung model.
struct Model {
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
struct Gun {
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

/// Read a Wolsung scenario and build its cells (the system's [`crate::system::RuleSystem::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, text: &str, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let f: File = ctx.read_plain(kind, text)?;
    Wolsung { ctx }.build(kind, &f, setup)
}

/// The Wolsung builder: reads as the [`Ctx`] it holds.
pub(crate) struct Wolsung<'c> {
    pub(crate) ctx: &'c Ctx,
}

impl std::ops::Deref for Wolsung<'_> {
    type Target = Ctx;
    fn deref(&self) -> &Ctx {
        self.ctx
    }
}

impl Wolsung<'_> {
    fn model_w(&self, f: &File, name: &str, at: &[&str]) -> Result<Model, InputError> {
        let m = f.models.get(name).ok_or_else(|| {
            self.err(
                0,
                at,
                format!("unknown model `{name}`"),
                f.models.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let v =
            |field: &'static str, x: i64, r: RangeInclusive<i64>| self.int(0, &["models", name, field], x, r, field);
        let suit = match &m.suit {
            None => None,
            Some(s) => Some(match s.as_str() {
                "♠" | "spades" => 0,
                "♥" | "hearts" => 1,
                "♦" | "diamonds" => 2,
                "♣" | "clubs" => 3,
                other => {
                    return Err(self.err(
                        0,
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

    fn gun_w(&self, f: &File, name: &str, at: &[&str]) -> Result<Gun, InputError> {
        let g = f.guns.get(name).ok_or_else(|| {
            self.err(
                0,
                at,
                format!("unknown gun `{name}`"),
                f.guns.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "),
            )
        })?;
        let at_g = |field: &'static str| -> [&str; 3] { ["guns", name, field] };
        let mut bands = Vec::new();
        let mut last = 0;
        for b in &g.bands {
            if b.len() != 2 || b[0] <= last || b[0] > 60 || !(-6..=6).contains(&b[1]) {
                return Err(self.err(0, &at_g("bands"), format!("band {b:?}"), "[[up to inches, dice modifier], …] with increasing distances up to 60 and modifiers −6..=6, e.g. [[8, 1], [16, -1], [24, -2]]"));
            }
            last = b[0];
            bands.push((b[0], b[1] as i32));
        }
        if bands.is_empty() {
            return Err(self.err(0, &at_g("bands"), "no range bands", "at least one band"));
        }
        Ok(Gun {
            label: g.name.clone().unwrap_or_else(|| name.to_string()),
            f: self.int(0, &at_g("f"), g.f, 0..=15, "f")? as u32,
            bands,
            rapid: g.rapid.unwrap_or(false),
            rapid_fire: self.int(0, &at_g("rapid_fire"), g.rapid_fire.unwrap_or(1), 1..=6, "rapid_fire")? as u8,
            movement_penalty: self.int(
                0,
                &at_g("movement_penalty"),
                g.movement_penalty.unwrap_or(0),
                0..=6,
                "movement_penalty",
            )? as i32,
            ap: self.int(
                0,
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

    fn build(&self, kind: Kind, f: &File, setup: &mut Vec<String>) -> Result<Built, InputError> {
        let readings = f.readings.read(self)?;
        let hand_of = |m: &Model, heroes: u8| if m.hero { 3 + heroes } else { 0 };
        let describe = |m: &Model| {
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
        };
        let (cells, layout) = match kind {
            Kind("shooting") => {
                let s = self.section(&f.shooting, "shooting")?;
                let shooter = self.model_w(f, &s.shooter, &["shooting", "shooter"])?;
                let target = self.model_w(f, &s.target, &["shooting", "target"])?;
                let heroes = self.int(0, &["shooting", "heroes"], s.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
                let actions = self.int(0, &["shooting", "actions"], s.actions.unwrap_or(1), 1..=4, "actions")? as u8;
                let reactions: Vec<String> = s.reactions.clone().unwrap_or_else(|| vec!["stand".into(), "dive".into()]);
                let covers: Vec<String> = s.cover.clone().unwrap_or_else(|| vec!["none".into()]);
                let policies: Vec<String> =
                    s.policies.clone().unwrap_or_else(|| vec!["never".into(), "fewest_to_win".into()]);
                let target_policy = self
                    .policy_w(s.target_policy.as_deref().unwrap_or("fewest_to_win"), &["shooting", "target_policy"])?;
                if s.guns.is_empty() || s.distances.is_empty() {
                    return Err(self.err(
                        0,
                        &["shooting"],
                        "`guns` and `distances` need at least one entry",
                        "non-empty lists",
                    ));
                }
                let moved = s.moved.unwrap_or(false) || s.move_and_shoot.unwrap_or(false);
                let mut guns = Vec::new();
                for g in &s.guns {
                    let gun = self.gun_w(f, g, &["shooting", "guns"])?;
                    if s.move_and_shoot == Some(true) && !gun.rapid {
                        return Err(self.err(
                            0,
                            &["shooting", "move_and_shoot"],
                            format!("`{}` is not Rapid: it cannot move and shoot in one action", gun.label),
                            "Rapid guns only, or move_and_shoot = false",
                        ));
                    }
                    guns.push(gun);
                }
                let mut pol = Vec::new();
                for p in &policies {
                    pol.push((p.clone(), self.policy_w(p, &["shooting", "policies"])?));
                }
                for r in &reactions {
                    if r != "stand" && r != "dive" {
                        return Err(self.err(
                            0,
                            &["shooting", "reactions"],
                            format!("unknown reaction `{r}`"),
                            "`stand`, `dive`",
                        ));
                    }
                }
                for c in &covers {
                    if !["none", "partial", "heavy"].contains(&c.as_str()) {
                        return Err(self.err(
                            0,
                            &["shooting", "cover"],
                            format!("unknown cover `{c}`"),
                            "`none`, `partial` (+1 R), `heavy` (+2 R)",
                        ));
                    }
                }
                self.limit_cells(
                    "shooting",
                    &[
                        ("guns", s.guns.len()),
                        ("policies", policies.len()),
                        ("distances", s.distances.len()),
                        ("reactions", reactions.len()),
                        ("cover", covers.len()),
                    ],
                )?;
                let mut cols = Vec::new();
                let mut sits = Vec::new();
                for &d in &s.distances {
                    self.int(0, &["shooting", "distances"], d, 0..=60, "distance")?;
                    for r in &reactions {
                        for c in &covers {
                            cols.push(format!("{d}\", {r}, cover {c}"));
                            sits.push((d, r.as_str(), c.as_str()));
                        }
                    }
                }
                let mut rows = Vec::new();
                let mut index = Vec::new();
                let mut cells = Vec::new();
                for g in &guns {
                    for (pn, p) in &pol {
                        rows.push(format!("{} — {pn}", g.label));
                        let mut row = Vec::new();
                        for (k, &(d, r, c)) in sits.iter().enumerate() {
                            let Some(&(_, band)) = g.bands.iter().find(|(max, _)| d <= *max) else {
                                row.push(None);
                                continue;
                            };
                            let cover = match c {
                                "partial" => 1,
                                "heavy" => 2,
                                _ => 0,
                            };
                            let sunnir = target.sunnir && readings.sunnir_scope.shooting();
                            let tdice = target.r + cover + s.shooter_lower.unwrap_or(false) as i32 + sunnir as i32;
                            let turn = ShootingTurn {
                                d: shooter.d,
                                dice_mod: band + s.target_lower.unwrap_or(false) as i32,
                                elevation: s.target_lower.unwrap_or(false) as i32,
                                movement_penalty: if moved { g.movement_penalty } else { 0 },
                                rapid_move: s.move_and_shoot == Some(true),
                                floor: readings.movement_penalty_floor,
                                actions,
                                rapid_fire: g.rapid_fire,
                                target_dice: tdice,
                                reaction: if r == "dive" { Reaction::Dive } else { Reaction::Stand },
                                damage: g.f,
                                armour: target.armour.saturating_sub(g.ap),
                                wounds: target.h,
                                hard_to_kill: target.hard_to_kill,
                                fresh_target_each_shot: g.rapid_fire > 1,
                                shooter_hand: hand_of(&shooter, heroes),
                                shooter_policy: *p,
                                target_hand: hand_of(&target, heroes),
                                target_policy,
                                beginners_luck: shooter.beginners_luck,
                                target_luck: target.beginners_luck,
                            };
                            row.push(Some(cells.len()));
                            cells.push(cell(
                                &format!("{} — {pn} — {}", g.label, cols[k]),
                                vec![
                                    ("gun".into(), json!(g.label)),
                                    ("policy".into(), json!(pn)),
                                    ("distance_in".into(), json!(d)),
                                    ("reaction".into(), json!(r)),
                                    ("cover".into(), json!(c)),
                                ],
                                TrialWolsung::Shooting(turn),
                            ));
                        }
                        index.push(row);
                    }
                }
                if target.sunnir && !readings.sunnir_scope.shooting() {
                    self.note(Note::ignored(format!(
                        "`models.{}.sunnir`: Protección Mágica [+1R] does not count against shooting under `sunnir_scope = magic` (seed l. 1035–1037)",
                        s.target
                    )));
                }
                // `shooting.moved` and `readings.movement_penalty_floor` are told whether they
                // matter by `movement_notes`, from every cell of the whole scenario.
                if !shooter.hero && pol.len() > 1 {
                    self.note(Note::ignored(format!(
                        "`shooting.policies`: the shooter {} is a henchman with no cards, so every policy gives the same numbers",
                        shooter.label
                    )));
                }
                if !target.hero && s.target_policy.is_some() {
                    self.note(Note::ignored(format!(
                        "`shooting.target_policy`: the target {} is a henchman with no cards",
                        target.label
                    )));
                }
                setup.push(format!("Shooter — {}", describe(&shooter)));
                setup.push(format!(
                    "Target — {}{}",
                    describe(&target),
                    if target.sunnir && readings.sunnir_scope.shooting() { ", Sunnir technique +1 R" } else { "" }
                ));
                for g in &guns {
                    setup.push(format!(
                        "Gun {}: F {}, bands {}{}{}{}{}",
                        g.label,
                        g.f,
                        g.bands.iter().map(|(m, b)| format!("up to {m}\": {b:+}")).collect::<Vec<_>>().join(", "),
                        if g.rapid { ", Rapid" } else { "" },
                        if g.rapid_fire > 1 {
                            format!(
                                ", Rapid Fire [{}] (each shot at a different target, the k-th at −(k−1) D)",
                                g.rapid_fire
                            )
                        } else {
                            String::new()
                        },
                        if g.movement_penalty > 0 {
                            format!(", Movement penalty [{}]", g.movement_penalty)
                        } else {
                            String::new()
                        },
                        if g.ap > 0 { format!(", Armour Penetration [{}]", g.ap) } else { String::new() }
                    ));
                }
                setup.push(format!(
                    "{actions} shooting action(s) per turn; hands of 3 + {heroes} cards from one 52-card deck for heroes; red cards pay for shooting (J Q K A +2, others +1); the target hero spends by `{}`; both heroes alternate, the side behind first (tie: the target){}",
                    target_policy.name(),
                    match (shooter.beginners_luck, target.beginners_luck) {
                        (true, true) => "; Beginner's luck (once per game): the shooter re-rolls its first losing roll, the target its first losing R roll, before any card",
                        (true, false) => "; Beginner's luck (once per game): the shooter re-rolls its first losing roll, before any card",
                        (false, true) => "; Beginner's luck (once per game): the target re-rolls its first losing R roll, before any card",
                        _ => "",
                    }
                ));
                (cells, Layout::own(super::report::WolsungLayout::ShootingGrid { rows, cols, index }))
            }
            Kind("melee") => {
                let m = self.section(&f.melee, "melee")?;
                let att = self.model_w(f, &m.attacker, &["melee", "attacker"])?;
                let def = self.model_w(f, &m.defender, &["melee", "defender"])?;
                let heroes = self.int(0, &["melee", "heroes"], m.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
                let kd = m.defender_knocked_down.unwrap_or(false);
                let aura = m.hypnotic_aura.unwrap_or(false);
                let guards: Vec<String> = m.guards.clone().unwrap_or_else(|| vec!["on_guard".into(), "parry".into()]);
                let policies: Vec<String> =
                    m.policies.clone().unwrap_or_else(|| vec!["never".into(), "fewest_to_win".into()]);
                let dpol = self
                    .policy_w(m.defender_policy.as_deref().unwrap_or("fewest_to_win"), &["melee", "defender_policy"])?;
                let support = |x: Option<i64>, f: &'static str| {
                    self.int(0, &["melee", f], x.unwrap_or(0), 0..=20, f).map(|v| v as i32)
                };
                let adice = att.c
                    + support(m.attacker_support, "attacker_support")?
                    + m.attacker_higher.unwrap_or(false) as i32
                    + m.charge_from_above.unwrap_or(false) as i32;
                // Friends in contact add their C "a la miniatura activa que está peleando" (seed
                // l. 742–746): the attacker only. `defender_support` is validated and ignored.
                if support(m.defender_support, "defender_support")? > 0 {
                    self.note(Note::ignored(
                        "`melee.defender_support`: friends in the same melee add their C only to the active (attacking) model (seed l. 742–746: \"a la miniatura activa que está peleando\")",
                    ));
                }
                let ddice = if kd { 1 } else { def.c } + m.defender_higher.unwrap_or(false) as i32;
                if !def.hero && m.defender_policy.is_some() {
                    self.note(Note::ignored(format!(
                        "`melee.defender_policy`: the defender {} is a henchman with no cards",
                        def.label
                    )));
                }
                if !att.hero && policies.len() > 1 {
                    self.note(Note::ignored(format!(
                        "`melee.policies`: the attacker {} is a henchman with no cards, so every policy gives the same numbers",
                        att.label
                    )));
                }
                self.limit_cells("melee", &[("policies", policies.len()), ("guards", guards.len())])?;
                let mut cells = Vec::new();
                for pn in &policies {
                    let p = self.policy_w(pn, &["melee", "policies"])?;
                    for g in &guards {
                        let guard = match g.as_str() {
                            "on_guard" => Guard::OnGuard,
                            "parry" => Guard::Parry,
                            other => {
                                return Err(self.err(
                                    0,
                                    &["melee", "guards"],
                                    format!("unknown choice `{other}`"),
                                    "`on_guard`, `parry`",
                                ));
                            }
                        };
                        if kd && guard == Guard::Parry {
                            return Err(self.err(
                                0,
                                &["melee", "guards"],
                                "a knocked-down defender must choose on guard",
                                "[\"on_guard\"]",
                            ));
                        }
                        if aura && guard == Guard::OnGuard {
                            return Err(self.err(
                                0,
                                &["melee", "guards"],
                                "against a Hypnotic aura the defender cannot choose on guard",
                                "[\"parry\"]",
                            ));
                        }
                        let t = Melee {
                            attacker_dice: adice,
                            defender_dice: ddice,
                            guard,
                            attacker_damage: (att.f as i32 + att.melee_bonus).max(0) as u32,
                            defender_damage: (def.f as i32 + def.melee_bonus).max(0) as u32,
                            attacker_armour: att.armour,
                            defender_armour: def.armour,
                            attacker_wounds: att.h,
                            defender_wounds: def.h,
                            hard_to_kill: (att.hard_to_kill, def.hard_to_kill),
                            attacker_hand: hand_of(&att, heroes),
                            attacker_policy: p,
                            defender_hand: hand_of(&def, heroes),
                            defender_policy: dpol,
                            luck: (att.beginners_luck, def.beginners_luck),
                            readings,
                        };
                        cells.push(cell(
                            &format!("{pn}, defender {g}"),
                            vec![("policy".into(), json!(pn)), ("guard".into(), json!(g))],
                            TrialWolsung::Melee(t),
                        ));
                    }
                }
                setup.push(format!("Attacker — {} ({adice} C dice with support, height and charge)", describe(&att)));
                if att.beginners_luck || def.beginners_luck {
                    setup.push("Beginner's luck (once per game): a side whose roll loses re-rolls its whole roll, before any card".into());
                }
                setup.push(format!(
                    "Defender — {} ({ddice} C dice{}; parry +2)",
                    describe(&def),
                    if kd { ", knocked down: C 1" } else { "" }
                ));
                setup.push("A hit on attacker successes ≥ defender's: F + criticals − armour; otherwise, only on guard, the attacker suffers the defender's F (+ criticals per `guard_backlash_crits`) − armour; black cards pay for melee".into());
                (cells, Layout::own(super::report::WolsungLayout::MeleeTable))
            }
            Kind("magic") => {
                let m = self.section(&f.magic, "magic")?;
                let caster = self.model_w(f, &m.caster, &["magic", "caster"])?;
                let skill = caster.magic.ok_or_else(|| {
                    self.err(
                        0,
                        &["magic", "caster"],
                        format!("`{}` has no `magic` skill", caster.label),
                        "a model with magic = 1..=12",
                    )
                })?;
                let heroes = self.int(0, &["magic", "heroes"], m.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
                let cost = self.int(0, &["magic", "cost"], m.cost.unwrap_or(0), 0..=2, "cost")? as u8;
                let suit = match (caster.suit, cost) {
                    (Some(s), _) => s,
                    (None, 0) => 0,
                    (None, _) => {
                        return Err(self.err(
                            0,
                            &["magic", "cost"],
                            "casting costs cards of the caster's suit, but it has no `suit`",
                            "give the caster a suit, or cost = 0",
                        ));
                    }
                };
                let policy = self.policy_w(m.policy.as_deref().unwrap_or("fewest_to_win"), &["magic", "policy"])?;
                let kd = m.target_knocked_down.unwrap_or(false);
                let (target, difficulty, what) = match (&m.target, m.difficulty) {
                    (Some(t), None) => {
                        let tm = self.model_w(f, t, &["magic", "target"])?;
                        let sunnir = tm.sunnir && readings.sunnir_scope.magic();
                        let down = kd && readings.knocked_down_vs_magic;
                        let r = tm.r + sunnir as i32 + 2 * down as i32;
                        let what = format!(
                            "magic missile against {}: R {}{}{} = {r} dice (magic ignores cover); damage = spell F + criticals − armour {}{}",
                            tm.label,
                            tm.r,
                            if sunnir { " + 1 (Sunnir: Protección Mágica)" } else { "" },
                            if down { " + 2 (knocked down)" } else { "" },
                            tm.armour,
                            if tm.hard_to_kill { ", Hard to kill" } else { "" }
                        );
                        (Some((tm, r)), 0, what)
                    }
                    (None, Some(x)) => (
                        None,
                        self.int(0, &["magic", "difficulty"], x, 1..=12, "difficulty")? as u32,
                        format!("aura / enhancement against difficulty [{x}]"),
                    ),
                    _ => {
                        return Err(self.err(
                            0,
                            &["magic"],
                            "give `target` (a missile) or `difficulty` (an aura), not both",
                            "one of them",
                        ));
                    }
                };
                let target_policy =
                    self.policy_w(m.target_policy.as_deref().unwrap_or("fewest_to_win"), &["magic", "target_policy"])?;
                match &target {
                    None => {
                        for (field, set) in [("target_knocked_down", kd), ("target_policy", m.target_policy.is_some())]
                        {
                            if set {
                                self.note(Note::ignored(format!(
                                    "`magic.{field}`: an aura / enhancement has no target roll"
                                )));
                            }
                        }
                    }
                    Some((tm, _)) => {
                        if kd && !readings.knocked_down_vs_magic {
                            self.note(Note::ignored(
                                "`magic.target_knocked_down`: the knocked-down +2 R is stated \"contra ataques a distancia\" (seed l. 571–572); it counts against magic only with `knocked_down_vs_magic = true`",
                            ));
                        }
                        if tm.sunnir && !readings.sunnir_scope.magic() {
                            self.note(Note::ignored(format!(
                                "`models.{}.sunnir`: Protección Mágica counts against shooting only under `sunnir_scope = shooting`",
                                m.target.as_deref().unwrap_or("")
                            )));
                        }
                        if !tm.hero && m.target_policy.is_some() {
                            self.note(Note::ignored(format!(
                                "`magic.target_policy`: the target {} is a henchman with no cards",
                                tm.label
                            )));
                        }
                    }
                }
                if caster.beginners_luck {
                    self.note(Note::ignored(
                        "Beginner's luck of the caster: it re-rolls when the model \"Dispara, Pelea Cuerpo a Cuerpo o está siendo objetivo de un Ataque\" (seed l. 990–994), not when it casts",
                    ));
                }
                if cost > 0 && !caster.hero {
                    self.note(Note::ignored(format!(
                        "`magic.cost`: the caster {} is a henchman with no cards, so it can never pay the cost and never casts",
                        caster.label
                    )));
                }
                let t = Magic {
                    magic_dice: skill,
                    target_dice: target.as_ref().map(|(_, r)| *r),
                    difficulty,
                    damage: self.int(0, &["magic", "spell_f"], m.spell_f.unwrap_or(3), 0..=12, "spell_f")? as u32,
                    armour: target.as_ref().map_or(0, |(tm, _)| tm.armour),
                    target_wounds: target.as_ref().map_or(0, |(tm, _)| tm.h),
                    target_hard_to_kill: target.as_ref().is_some_and(|(tm, _)| tm.hard_to_kill),
                    target_luck: target.as_ref().is_some_and(|(tm, _)| tm.beginners_luck),
                    target_hand: target.as_ref().map_or(0, |(tm, _)| hand_of(tm, heroes)),
                    target_policy,
                    hand: hand_of(&caster, heroes),
                    suit,
                    cost,
                    policy,
                };
                let pay = match cost {
                    0 => "no card".to_string(),
                    1 => "one card of its suit".to_string(),
                    _ => "two cards of its suit, or one J, Q, K or A of its suit".to_string(),
                };
                setup.push(format!(
                    "Caster — {} with Magic {skill}; {what}; casting costs {pay}, paid before the roll; {} cards for feats",
                    caster.label,
                    if target.is_some() { "red" } else { "black" }
                ));
                if t.target_luck {
                    setup.push("The target's Beginner's luck (once per game): it re-rolls its R roll when the spell would hit, before any card".into());
                }
                if t.target_hand > 0 {
                    setup.push(format!(
                        "The target is a hero: red cards for its R roll, policy `{}`",
                        target_policy.name()
                    ));
                }
                (vec![cell("magic", vec![], TrialWolsung::Magic(t))], Layout::Single)
            }
            Kind("initiative") => {
                let i = self.section(&f.initiative, "initiative")?;
                let mut hand = Vec::new();
                for c in &i.hand {
                    let card = parse_card(c).ok_or_else(|| {
                        self.err(
                            0,
                            &["initiative", "hand"],
                            format!("`{c}` is not a card"),
                            "rank 2–10, J, Q, K, A then a suit ♠ ♥ ♦ ♣ (or s h d c), e.g. \"A♠\", \"10h\"",
                        )
                    })?;
                    if hand.contains(&card) {
                        return Err(self.err(0, &["initiative", "hand"], format!("{c} twice"), "distinct cards"));
                    }
                    hand.push(card);
                }
                if hand.is_empty() || hand.len() > 16 {
                    return Err(self.err(0, &["initiative", "hand"], format!("{} cards", hand.len()), "1..=16 cards"));
                }
                let opp = self.int(
                    0,
                    &["initiative", "opponent_cards"],
                    i.opponent_cards.unwrap_or(hand.len() as i64),
                    1..=16,
                    "opponent_cards",
                )? as u8;
                setup.push(format!("Hand {} bids its highest card against the highest of {opp} random cards from the rest of the deck (value, then ♠ > ♥ > ♦ > ♣)", hand.iter().map(|&c| card_text(c)).collect::<Vec<_>>().join(" ")));
                (vec![cell("bid", vec![], TrialWolsung::Bid(Bid { hand, opponent: opp }))], Layout::Single)
            }
            Kind("leave") => {
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
                (vec![cell("leave", vec![], TrialWolsung::Leave(Leave { r: m.r, c: e.c }))], Layout::Single)
            }
            Kind("duel") => {
                use crate::systems::wolsung::rules::duel::{Duel, Fighter};
                let d = self.section(&f.duel, "duel")?;
                let turns = self.rounds(d.rounds.or(Some(3)), "duel")?;
                let heroes = 1u8;
                let mut side = |x: &schema::FighterSpec, name: &'static str| -> Result<(Fighter, String), InputError> {
                    let m = self.model_w(f, &x.card, &["duel", name, "card"])?;
                    let policy =
                        self.policy_w(x.effort.as_deref().unwrap_or("fewest_to_win"), &["duel", name, "effort"])?;
                    let guard = match x.guard.as_deref().unwrap_or("on_guard") {
                        "on_guard" => Guard::OnGuard,
                        "parry" => Guard::Parry,
                        other => {
                            return Err(self.err(
                                0,
                                &["duel", name, "guard"],
                                format!("unknown choice `{other}`"),
                                "`on_guard`, `parry`",
                            ));
                        }
                    };
                    let label = x.label.clone().unwrap_or_else(|| m.label.clone());
                    setup.push(format!(
                        "{} — {}; card policy `{}`, answers attacks with {}",
                        name.to_uppercase(),
                        describe(&m),
                        policy.name(),
                        if guard == Guard::OnGuard { "on guard" } else { "a parry" }
                    ));
                    let fighter = Fighter {
                        c: m.c,
                        f: (m.f as i32 + m.melee_bonus).max(0) as u32,
                        armour: m.armour,
                        wounds: m.h,
                        hard_to_kill: m.hard_to_kill,
                        actions: m.a,
                        hand_size: hand_of(&m, heroes),
                        policy,
                        guard,
                        luck: m.beginners_luck,
                    };
                    Ok((fighter, label))
                };
                let (a, a_label) = side(&d.a, "a")?;
                let (b, b_label) = side(&d.b, "b")?;
                setup.push(format!("{turns} turns: one shared 52-card deck; at the start of each turn each player draws 3 + 1 cards and discards down to 3 + 1 (a hero keeps its best black cards); the Initial Player is chosen once by a coin and activates first every turn; every action is a melee attack; damage applies at the end of each action; a model at 0 wounds is removed; Beginner's luck once per game"));
                self.note(Note::not_modelled(
                    "card bids to steal the initiative, take an extra activation or delay one (seed l. 299–361): the Initial Player keeps the first activation every turn",
                ));
                self.note(Note::not_modelled(
                    "victory as the game scores it (seed l. 49–52: the player who killed more enemy Heroes wins): here a side wins when the other model is removed, hero or henchman",
                ));
                let duel = Duel { a, b, turns, readings };
                crate::config::ctx::duel_cell(a_label, b_label, TrialWolsung::Duel(duel))
            }
            _ => unreachable!("kinds_of(wolsung)"),
        };
        Ok((cells, layout, schema::Readings::labels(&readings)))
    }
}

/// Every shooting turn among `cells`, both sides of a paired comparison included.
fn shooting_turns(cells: &[CellSpec]) -> Vec<&ShootingTurn> {
    fn add<'t>(trial: &'t Cell, out: &mut Vec<&'t ShootingTurn>) {
        if let Some(TrialWolsung::Shooting(t)) = trial.downcast::<TrialWolsung>() {
            out.push(t);
        } else if let Some(p) = trial.downcast::<Paired>() {
            add(&p.a, out);
            add(&p.b, out);
        }
    }
    let mut out = Vec::new();
    for c in cells {
        add(&c.trial, &mut out);
    }
    out
}

/// The dice of every shot of a turn's action (Rapid Fire's later shots included): the only
/// place the Movement penalty and its floor enter a shooting turn ([`ShootingTurn::shot_dice`]),
/// so two turns with the same dice and otherwise equal give the same numbers.
fn dice(t: &ShootingTurn) -> Vec<i32> {
    (0..t.rapid_fire.max(1) as i32).map(|k| t.shot_dice(k)).collect()
}

impl Wolsung<'_> {
    /// The notes on `shooting.moved` and `readings.movement_penalty_floor`, and the setup line
    /// on the Movement penalty, decided from the turns of every cell the scenario built (a
    /// `paired`, `compare` or `sweep` builds each cell from its own guns: the `[shooting]`
    /// section alone cannot say). A value is called inert only when no shot of any cell would
    /// get other dice under another value.
    pub(crate) fn movement_notes(&self, text: &str, cells: &[CellSpec], setup: &mut Vec<String>) {
        let Ok(doc) = toml::from_str::<toml::Table>(text) else { return };
        let flag = |section: &str, key: &str| doc.get(section).and_then(|s| s.get(key));
        let floor_set = flag("readings", "movement_penalty_floor").is_some();
        let moved = flag("shooting", "moved").and_then(toml::Value::as_bool) == Some(true);
        let turns = shooting_turns(cells);
        let penalised: Vec<&ShootingTurn> = turns.iter().copied().filter(|t| t.movement_penalty > 0).collect();
        if floor_set {
            if turns.is_empty() {
                self.note(Note::ignored(
                    "`readings.movement_penalty_floor` cannot change any number in this scenario: nothing is shot",
                ));
            } else if penalised.is_empty() {
                self.note(Note::ignored(
                    "`readings.movement_penalty_floor` cannot change any number in this scenario: no Movement penalty applies in any cell (no gun has one, or the shooter did not move)",
                ));
            } else if penalised.iter().all(|t| {
                schema::movement_penalty_floor::VALUES
                    .iter()
                    .all(|&(_, floor)| dice(&ShootingTurn { floor, ..(*t).clone() }) == dice(t))
            }) {
                self.note(Note::ignored(
                    "`readings.movement_penalty_floor` cannot change any number in this scenario: every shot of every cell has the same dice under `listed`, `pool` and `attribute`",
                ));
            }
        }
        if moved && !turns.is_empty() {
            if penalised.is_empty() {
                self.note(Note::ignored(
                    "`shooting.moved`: no gun of any cell has a Movement penalty, so moving changes no dice",
                ));
            } else if penalised.iter().all(|t| dice(&ShootingTurn { movement_penalty: 0, ..(*t).clone() }) == dice(t)) {
                self.note(Note::ignored(format!(
                    "`shooting.moved`: the Movement penalty takes no die from any shot of any cell (each pool is already at its minimum of 1 where `movement_penalty_floor = {}` applies the penalty), so moving changes no dice",
                    schema::movement_penalty_floor::label(penalised[0].floor)
                )));
            }
        }
        if let Some(t) = penalised.first() {
            setup.push(format!(
                "Shooter's dice per shot after moving (seed l. 513–520, 999–1008): {} (`movement_penalty_floor = {}`)",
                match t.floor {
                    PenaltyFloor::Listed => "D + range band + weapon rules (Rapid Fire −1 D per later shot, then the Movement penalty −x, not below 1) + elevation, then Rapid's −1 last",
                    PenaltyFloor::Pool => "D + range band + weapon rules + elevation, then the Movement penalty −x, not below 1, then Rapid's −1 last",
                    PenaltyFloor::Attribute => "D − x (not below 1) + range band + weapon rules + elevation, then Rapid's −1 last",
                },
                schema::movement_penalty_floor::label(t.floor)
            ));
        }
    }
}
