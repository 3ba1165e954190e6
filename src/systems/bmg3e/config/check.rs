//! The `check` kind: one check — own or opposed, on a characteristic or a given X — does it
//! pass, with the dice effort and K.O. take away.

use super::Bmg3e;
use super::{Cells, one_die_notes, one_die_pass};
use crate::analysis::scenario::Layout;
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::batman::schema as shared;
use crate::systems::bmg3e::rules::{Check, CheckKind, CheckSetup, OneDie, Profile, Readings, Trial3e};
use crate::systems::bmg3e::schema::File;

impl Bmg3e<'_> {
    /// The `check` kind: one check, own or opposed.
    pub(crate) fn check(&self, file: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let c = self.section(&file.check, "check")?;
        let (cs, lines) = self.check_setup(&c, "check", readings)?;
        *setup = lines;
        Ok((vec![cell("check", vec![], Trial3e::Check(Check::new(&cs)))], Layout::Single))
    }

    /// Turn a `[check]`-shaped section into a rule setup and its setup lines.
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
        let (value, what) = self.check_value(c, sec, kind, ko, &model, &model_label)?;
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
        let lines = check_lines(&model_label, &setup, dice, &what, readings);
        Ok((setup, lines))
    }

    /// The X a check compares with, and the setup line's words for it: a given `value`, or a
    /// `characteristic` of the model (own) or of the card it is `against` (opposed).
    fn check_value(
        &self,
        c: &shared::Check,
        sec: &str,
        kind: CheckKind,
        ko: bool,
        model: &Profile,
        model_label: &str,
    ) -> Result<(u8, String), InputError> {
        let chars = ["attack", "defense", "strength", "willpower", "endurance", "special", "movement"];
        Ok(match (&c.value, &c.characteristic) {
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
                        (model.clone(), model_label.to_string())
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
        })
    }
}

/// What a check on one die compares, with the reading in force in its words.
fn one_die_words(readings: &Readings) -> String {
    let r = readings.check_with_one_die;
    let what = match r {
        OneDie::Plain2d6 => "a second die is rolled and both are summed",
        OneDie::SingleDie => "the one die alone",
    };
    format!("{what} (reading {})", crate::systems::bmg3e::schema::check_with_one_die::phrase(r))
}

/// The setup lines of a check: the model, how it rolls, and the enemy effort.
fn check_lines(model_label: &str, setup: &CheckSetup, dice: u32, what: &str, readings: &Readings) -> Vec<String> {
    let kind = setup.kind;
    vec![
        format!("Model: {model_label} (Special {}){}", setup.special, if setup.ko { ", K.O. (−1 die)" } else { "" }),
        match kind {
            // One die left: the reading `check_with_one_die` says what is compared.
            CheckKind::Own if dice == 1 => {
                format!("Own check: 1 die left — {}, pass if the sum ≤ X; {what}", one_die_words(readings))
            }
            CheckKind::Opposed if dice == 1 => {
                format!("Opposed check: 1 die left — {}, pass if the sum > X; {what}", one_die_words(readings))
            }
            CheckKind::Own => {
                format!("Own check: roll {dice} dice, keep the two lowest, pass if their sum ≤ X; {what}")
            }
            CheckKind::Opposed => {
                format!("Opposed check: roll {dice} dice, keep the two highest, pass if their sum > X; {what}")
            }
        },
        format!("Enemy effort removing dice: {}", setup.enemy_effort),
    ]
}
