//! The `melee` kind: one melee attack — who is hit, who is taken out — for every card policy of
//! the attacker against every answer of the defender (on guard or a parry).

use super::{Cells, Wolsung, describe, hand_of};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::labels;
use crate::systems::wolsung::rules::{Guard, Melee, Readings, TrialWolsung};
use crate::systems::wolsung::schema::File;
use serde_json::json;

impl Wolsung<'_> {
    pub(crate) fn melee(&self, f: &File, readings: Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let m = self.section(&f.melee, "melee")?;
        let att = self.model_w(f, &m.attacker, &["melee", "attacker"])?;
        let def = self.model_w(f, &m.defender, &["melee", "defender"])?;
        let heroes = self.int(0, &["melee", "heroes"], m.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
        let kd = m.defender_knocked_down.unwrap_or(false);
        let aura = m.hypnotic_aura.unwrap_or(false);
        let guards: Vec<String> = m.guards.clone().unwrap_or_else(|| vec!["on_guard".into(), "parry".into()]);
        let policies: Vec<String> = m.policies.clone().unwrap_or_else(|| vec!["never".into(), "fewest_to_win".into()]);
        let dpol =
            self.policy_w(m.defender_policy.as_deref().unwrap_or("fewest_to_win"), &["melee", "defender_policy"])?;
        let support =
            |x: Option<i64>, f: &'static str| self.int(0, &["melee", f], x.unwrap_or(0), 0..=20, f).map(|v| v as i32);
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
                let guard = self.melee_guard(g, kd, aura)?;
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
                    &format!("{}, defender {}", labels::policy(pn), labels::guard(g)),
                    vec![("policy".into(), json!(pn)), ("guard".into(), json!(g))],
                    TrialWolsung::Melee(t),
                ));
            }
        }
        setup.push(format!("Attacker — {} ({adice} C dice with support, height and charge)", describe(&att)));
        if att.beginners_luck || def.beginners_luck {
            setup.push(
                "Beginner's luck (once per game): a side whose roll loses re-rolls its whole roll, before any card"
                    .into(),
            );
        }
        setup.push(format!(
            "Defender — {} ({ddice} C dice{}; parry +2)",
            describe(&def),
            if kd { ", knocked down: C 1" } else { "" }
        ));
        setup.push(format!(
            "A hit on attacker successes ≥ defender's: F + criticals − armour; otherwise, only on guard, the attacker suffers the defender's F{} − armour (reading {}); black cards pay for melee",
            if readings.guard_backlash_crits { " + criticals" } else { "" },
            crate::systems::wolsung::schema::guard_backlash_crits::phrase(readings.guard_backlash_crits)
        ));
        Ok((cells, Layout::own(crate::systems::wolsung::report::WolsungLayout::MeleeTable)))
    }

    /// The defender's answer `g`, refused where the defender has no such choice.
    fn melee_guard(&self, g: &str, kd: bool, aura: bool) -> Result<Guard, InputError> {
        let guard = self.guard_w(g, &["melee", "guards"])?;
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
        Ok(guard)
    }
}
