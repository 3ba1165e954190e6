//! The `gang` kind: a squad attacks one figure in turn — how likely it is taken out of the fight,
//! after how many attacks, and in which order the squad should shoot (the generic analysis,
//! `crate::analysis::gang`).

use super::{Bichos, Cells, reactions_text};
use crate::analysis::gang::{GangTrial, MAX_ATTACKERS, MAX_TURNS};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bichos::rules::Readings;
use crate::systems::bichos::rules::gang::{Gang, GangAttacker, Goal};
use crate::systems::bichos::schema::File;

/// What the default "no activation in between" leaves out in ¡Bichos!, for every report.
const BETWEEN: &str = "the target's own activation between the attackers: figures activate in order of FDV (the bug may act before the last soldier), and a target that ducks back or flees moves — here it stays where it was shot, in cover for the rest of the turn once it has ducked back";

impl Bichos<'_> {
    pub(crate) fn gang(&self, f: &File, r: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let g = self.section(&f.gang, "gang")?;
        let turns = self.int(0, &["gang", "turns"], g.turns.unwrap_or(1), 1..=MAX_TURNS as i64, "turns")? as u8;
        let goal = match g.goal.as_deref().unwrap_or("out") {
            "out" => Goal::Out,
            "dead" => Goal::Dead,
            other => {
                return Err(self.err(
                    0,
                    &["gang", "goal"],
                    format!("unknown goal `{other}`"),
                    "`out` (out of the fight: fled or dead) or `dead`",
                ));
            }
        };
        let (target, target_name) = self.profile_b(f, &g.target, &["gang", "target"])?;
        let mut attackers: Vec<GangAttacker> = Vec::new();
        let mut lines = Vec::new();
        let mut shooting_seen = false;
        let mut melee = 0usize;
        for (k, a) in g.attackers.iter().enumerate() {
            let ks = k.to_string();
            let at = |field: &'static str| -> [&str; 4] { ["gang", "attackers", ks.as_str(), field] };
            let (shooter, s_label) = self.profile_b(f, &a.shooter, &at("shooter"))?;
            let (weapon, w_label) = self.weapon_b(&a.weapon, &at("weapon"), r)?;
            let long_range = a.long_range.unwrap_or(false);
            if long_range && !weapon.has_long_range {
                return Err(self.err(
                    0,
                    &at("long_range"),
                    "this weapon has no long range (grenades: effective range only; melee weapons: contact)",
                    "long_range = false",
                ));
            }
            let count = self.int(0, &at("count"), a.count.unwrap_or(1), 1..=MAX_ATTACKERS as i64, "count")? as usize;
            let shooting = weapon.pot.is_some();
            shooting_seen |= shooting;
            if !shooting {
                melee += count;
            }
            let pot = weapon.pot.unwrap_or(shooter.pot);
            let label = a.label.clone().unwrap_or_else(|| format!("{s_label} + {w_label}"));
            lines.push(format!(
                "{}{label}: HDA {}, {}D6 damage, POT {pot}{}{}",
                if count > 1 { format!("{count} × ") } else { String::new() },
                shooter.hda,
                weapon.dice,
                if long_range { ", long range" } else { "" },
                if a.shooter_moved_far == Some(true) { ", moved ≥ 30 cm [12\"]" } else { "" }
            ));
            for _ in 0..count {
                attackers.push(GangAttacker {
                    label: label.clone(),
                    hda: shooter.hda,
                    damage_dice: weapon.dice,
                    pot,
                    shooting,
                    long_range,
                    shooter_moved_far: a.shooter_moved_far.unwrap_or(false),
                    kind: 0,
                });
            }
        }
        if melee > 3 {
            return Err(self.err(
                0,
                &["gang", "attackers"],
                format!("{melee} attackers in melee: a figure can be attacked in melee by 3 at most"),
                "at most 3 melee attackers",
            ));
        }
        let kinds = crate::analysis::gang::number_kinds(&attackers, |a, b| a == b);
        if let Err((why, allowed)) = crate::analysis::gang::check(&kinds, turns) {
            return Err(self.err(0, &["gang", "attackers"], why, allowed));
        }
        for (a, k) in attackers.iter_mut().zip(kinds) {
            a.kind = k;
        }
        let cover = g.cover.unwrap_or(false);
        setup.push(format!(
            "Target: {target_name} (RES {}, BLD {}, FDV {}){}{}",
            target.res,
            target.bld,
            target.fdv,
            if cover { ", in cover" } else { "" },
            if g.target_moved_far == Some(true) { ", moved ≥ 30 cm [12\"]" } else { "" }
        ));
        setup.push(format!("Attackers, in the order listed: {}", lines.join("; ")));
        setup.push(format!(
            "{}; goal: the target {}; a target that ducks back is in cover for the rest of the turn (\"Agacharse\": \"ponerse a cubierto\", summary D3)",
            if turns == 1 { "one turn".to_string() } else { format!("{turns} turns") },
            match goal {
                Goal::Out => "out of the fight (fled or dead)",
                Goal::Dead => "dead (a fleeing figure is shot on)",
            }
        ));
        setup.push(reactions_text(shooting_seen, r));
        self.note(Note::not_modelled(BETWEEN));
        let gang = Gang {
            attackers,
            target_name,
            target,
            cover,
            target_moved_far: g.target_moved_far.unwrap_or(false),
            goal,
            turns,
            rules: r.hit_rules(),
        };
        let trial = GangTrial::new(gang);
        if let Err(why) = trial.within_budget() {
            return Err(self.err(
                0,
                &["gang", "target"],
                format!("this sequence cannot be solved: {why}"),
                "a target with less to carry (fewer markers, wounds or RES to go), fewer turns, or fewer different attackers",
            ));
        }
        Ok((vec![cell("gang", vec![], trial)], Layout::Gang))
    }
}
