//! The `magic` kind: one casting — does the spell take effect, and, for a magic missile, what
//! it does to its target — with the caster's cost in cards and its card policy.

use super::{Cells, Model, Wolsung, hand_of};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::rules::{Magic, Readings, TrialWolsung};
use crate::systems::wolsung::schema::{File, WMagic};

/// What a casting is aimed at: a missile's target model and its R dice (`None` for an aura),
/// the aura's difficulty (0 for a missile), and the setup line's words for it.
type Aim = (Option<(Model, i32)>, u32, String);

impl Wolsung<'_> {
    pub(crate) fn magic(&self, f: &File, readings: Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
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
        let (target, difficulty, what) = self.magic_aim(f, &m, kd, readings)?;
        let target_policy =
            self.policy_w(m.target_policy.as_deref().unwrap_or("fewest_to_win"), &["magic", "target_policy"])?;
        self.magic_notes(&m, &target, kd, &caster, cost, readings);
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
            setup.push(format!("The target is a hero: red cards for its R roll, spending {}", target_policy.words()));
        }
        Ok((vec![cell("magic", vec![], TrialWolsung::Magic(t))], Layout::Single))
    }

    /// A missile's `target` or an aura's `difficulty`: exactly one of them.
    fn magic_aim(&self, f: &File, m: &WMagic, kd: bool, readings: Readings) -> Result<Aim, InputError> {
        Ok(match (&m.target, m.difficulty) {
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
        })
    }

    /// Notes on the section's values that cannot change its numbers.
    fn magic_notes(
        &self,
        m: &WMagic,
        target: &Option<(Model, i32)>,
        kd: bool,
        caster: &Model,
        cost: u8,
        readings: Readings,
    ) {
        match target {
            None => {
                for (field, set) in [("target_knocked_down", kd), ("target_policy", m.target_policy.is_some())] {
                    if set {
                        self.note(Note::ignored(format!("`magic.{field}`: an aura / enhancement has no target roll")));
                    }
                }
            }
            Some((tm, _)) => {
                if kd && !readings.knocked_down_vs_magic {
                    self.note(Note::ignored(format!(
                        "`magic.target_knocked_down`: the knocked-down +2 R is stated \"contra ataques a distancia\" (seed l. 571–572); it counts against magic only under the reading {}",
                        crate::systems::wolsung::schema::knocked_down_vs_magic::phrase(true)
                    )));
                }
                if tm.sunnir && !readings.sunnir_scope.magic() {
                    self.note(Note::ignored(format!(
                        "`models.{}.sunnir`: Protección Mágica counts against shooting only under the reading {}",
                        m.target.as_deref().unwrap_or(""),
                        crate::systems::wolsung::schema::sunnir_scope::phrase(readings.sunnir_scope)
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
    }
}
