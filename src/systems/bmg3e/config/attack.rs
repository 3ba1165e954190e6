//! The `attack` kind: one attack, melee or ranged — hits, blocks, damage, the target K.O. or a
//! casualty — and the reader of an `[attack]`-shaped section that `effort`, `compare`, `sweep`
//! and `paired` build theirs from.

use super::Bmg3e;
use super::{Cells, markers_text, profile_text, weapon_text};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::batman::Batman;
use crate::systems::batman::schema as shared;
use crate::systems::bmg3e::rules::{
    Attack, AttackSetup, Markers, MeleeMods, RangedMods, Readings, RuleError, Trial3e, WeaponKind,
};
use crate::systems::bmg3e::schema::File;
use std::ops::RangeInclusive;

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

impl Bmg3e<'_> {
    /// The `attack` kind: one attack, resolved once.
    pub(crate) fn attack(
        &self,
        file: &File,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<Cells, InputError> {
        let a = self.section(&file.attack, "attack")?;
        let a = self.without_shared_fields_of_other_attacks(a);
        let s = self.attack_setup(&a, "attack", readings, "")?;
        *setup = describe_attack(self, &a, &s);
        let attack = self.build_attack(&s, "attack", "")?;
        Ok((vec![cell("attack", vec![], Trial3e::Attack(attack))], Layout::Single))
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
        self.refuse_fields_of_other_attacks(a, sec, ranged, &weapon_name, ctx_label)?;
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
        if !ranged {
            self.note_outnumbered_blocks(&setup);
        }
        Ok(setup)
    }

    /// A note when the reading `outnumbered_block_dice` changes how many block dice this
    /// melee target rolls (its Defense is pushed to the floor of 1 by numerical inferiority).
    fn note_outnumbered_blocks(&self, s: &AttackSetup) {
        use crate::systems::bmg3e::rules::{OutnumberedBlocks, block_dice};
        let with = |r: OutnumberedBlocks| {
            let mut t = s.clone();
            t.readings.outnumbered_block_dice = r;
            block_dice(&t)
        };
        let (defense, fewer) = (with(OutnumberedBlocks::Defense), with(OutnumberedBlocks::FewerDice));
        if defense != fewer {
            let (a, b) = match s.readings.outnumbered_block_dice {
                OutnumberedBlocks::Defense => (" (in force)", ""),
                OutnumberedBlocks::FewerDice => ("", " (in force)"),
            };
            self.note(Note::reading(format!(
                "how many block dice an outnumbered target rolls: with {} in contact its Defense drops to the floor of 1 (\"ninguna característica básica podrá bajar de 1\", seed line 504), and the rules say both \"tantos dados como su atributo de Defensa\" (1535–1538) and \"tirará 2 dados menos\" (1514). These numbers depend on the reading `outnumbered_block_dice`: {} under `defense`{a}, {} under `fewer_dice`{b}",
                crate::text::plural(s.melee.enemies_in_contact as i64, "enemy", "enemies"),
                crate::text::plural(defense as i64, "block die", "block dice"),
                crate::text::plural(fewer as i64, "block die", "block dice"),
            )));
        }
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

    /// In a comparison of loadouts (`compare`, `paired`) that mixes melee and ranged weapons, a
    /// value the scenario's `[attack]` shares that only the other kind of attack reads
    /// (`enemies_in_contact` for a pistol, `cover` for a bat) cannot apply to this loadout: it is
    /// left out of this cell (so the cell is the one the loadout gives without it), with a note
    /// when it is not the rules' default (1 enemy in contact, no effort, no dodge, `false`), since
    /// it would matter to a loadout of that kind. Set by the loadout itself, it stays an error
    /// ([`Bmg3e::refuse_fields_of_other_attacks`]).
    pub(crate) fn without_shared_fields_of_other_attacks(&self, mut a: shared::Attack) -> shared::Attack {
        let name = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
        let Ok((weapon, _)) = self.weapon(&name, &["attack", "weapon"]) else { return a };
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
        let (this, other) = if ranged { ("ranged", "melee") } else { ("melee", "ranged") };
        let mut ignored = Vec::new();
        let mut int = |field: &'static str, v: &mut Option<i64>, default: i64| {
            if self.is_shared("attack", field)
                && let Some(x) = v.take()
                && x != default
            {
                ignored.push(format!("`{field} = {x}`"));
            }
        };
        if ranged {
            int("attacker_effort", &mut a.attacker_effort, 0);
            int("target_effort", &mut a.target_effort, 0);
            int("enemies_in_contact", &mut a.enemies_in_contact, 1);
        } else {
            int("dodge", &mut a.dodge, 0);
            for (field, v) in [
                ("moved", &mut a.moved),
                ("beyond_optimal_range", &mut a.beyond_optimal_range),
                ("cover", &mut a.cover),
                ("blind_fire", &mut a.blind_fire),
                ("storm", &mut a.storm),
            ] {
                if self.is_shared("attack", field) && v.take() == Some(true) {
                    ignored.push(format!("`{field} = true`"));
                }
            }
        }
        for f in ignored {
            self.note(Note::ignored(format!(
                "[attack] {f} applies to {other} attacks only: the {this} loadouts of this comparison ignore it"
            )));
        }
        a
    }

    /// A melee attack refuses the fields only ranged attacks read, and a ranged one those only
    /// melee attacks read.
    fn refuse_fields_of_other_attacks(
        &self,
        a: &shared::Attack,
        sec: &str,
        ranged: bool,
        weapon_name: &str,
        ctx_label: &str,
    ) -> Result<(), InputError> {
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
                    format!(
                        "{ctx_label}`{field}` applies to {other} attacks only; weapon `{weapon_name}` is {this}{}",
                        // Said where it explains the refusal: a shot has neither.
                        if ranged { " (no effort or block roll against ranged attacks)" } else { "" }
                    ),
                    if ranged {
                        "moved, beyond_optimal_range, cover, blind_fire, storm, dodge, defense_mod"
                    } else {
                        "attacker_effort, target_effort, enemies_in_contact, defense_mod"
                    },
                ));
            }
        }
        Ok(())
    }
}
