//! The `gang` kind: several models attack one target in turn, its markers carried from attack
//! to attack — how likely it goes out of action, after how many attackers, and in which order
//! they should go (the generic analysis, `crate::analysis::gang`).

use super::{Bmg3e, Cells, markers_text, profile_text};
use crate::analysis::gang::{GangTrial, MAX_ATTACKERS, MAX_TURNS};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::bmg3e::rules::duel::EffortPolicy;
use crate::systems::bmg3e::rules::gang::{Gang, GangAttacker, GangEffort, Goal};
use crate::systems::bmg3e::rules::{Markers, RangedMods, Readings, WeaponKind};
use crate::systems::bmg3e::schema::File;

/// What the default "no activation in between" leaves out in the 2019 game, for every report.
pub(crate) const BETWEEN: &str = "the target's own activations between the attackers: the players alternate activations (seed lines 861, 961), so in a game Batman may act (attack, move away, recover) before the last henchman does; here it only defends — blocks, effort — until every attacker has acted";

impl Bmg3e<'_> {
    /// An effort policy of a sequence: `none`, `max` or `optimal-win` (the default: at its best).
    fn gang_effort(&self, v: Option<&str>, at: &[&str]) -> Result<GangEffort, InputError> {
        let Some(name) = v else { return Ok(GangEffort::Best) };
        match EffortPolicy::parse(name) {
            Some(EffortPolicy::None) => Ok(GangEffort::None),
            Some(EffortPolicy::Max) => Ok(GangEffort::Max),
            Some(EffortPolicy::Win) => Ok(GangEffort::Best),
            _ => Err(self.err(
                0,
                at,
                format!("effort `{name}` is not a policy of a sequence of attacks"),
                "`none`, `max` or `optimal-win` (at its best for the whole sequence, the default)",
            )),
        }
    }

    pub(crate) fn gang(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let g = self.section(&f.gang, "gang")?;
        let turns = self.int(0, &["gang", "turns"], g.turns.unwrap_or(1), 1..=MAX_TURNS as i64, "turns")? as u8;
        let goal = match g.goal.as_deref().unwrap_or("out_of_action") {
            "out_of_action" => Goal::OutOfAction,
            "casualty" => Goal::Casualty,
            other => {
                return Err(self.err(
                    0,
                    &["gang", "goal"],
                    format!("unknown goal `{other}`"),
                    "`out_of_action` (K.O. or casualty) or `casualty`",
                ));
            }
        };
        let others =
            self.int(0, &["gang", "others_in_contact"], g.others_in_contact.unwrap_or(0), 0..=8, "others_in_contact")?
                as u8;
        // The target.
        let tat = ["gang", "target"];
        let (target, target_label) = self.card(&g.target.card, &[tat[0], tat[1], "card"])?;
        let target_effort = self.gang_effort(g.target.effort.as_deref(), &[tat[0], tat[1], "effort"])?;
        let stun =
            self.int(0, &[tat[0], tat[1], "stun"], g.target.stun.unwrap_or(0), 0..=target.willpower as i64, "stun")?;
        let wounds = self.int(
            0,
            &[tat[0], tat[1], "wounds"],
            g.target.wounds.unwrap_or(0),
            0..=target.endurance as i64 - 1,
            "wounds",
        )?;
        let start = Markers { stun: stun as u8, wounds: wounds as u8 };
        if goal == Goal::OutOfAction && start.stun >= target.willpower {
            return Err(self.err(
                0,
                &[tat[0], tat[1], "stun"],
                format!("a target with {stun} ★ is already K.O., out of action before the first attack"),
                format!("0..={} (or `goal = \"casualty\"` to attack a K.O. target on)", target.willpower - 1),
            ));
        }
        if g.target.weapon.is_some() || g.target.melee_weapon.is_some() {
            self.note(Note::ignored(
                "the target's weapon: the target takes no activation between the attackers, so it never attacks",
            ));
        }
        let target_name = g.target.label.clone().unwrap_or_else(|| target_label.clone());
        // The attackers, each entry `count` times.
        let mut attackers: Vec<GangAttacker> = Vec::new();
        let mut lines = Vec::new();
        for (k, a) in g.attackers.iter().enumerate() {
            let ks = k.to_string();
            let at = |field: &'static str| -> [&str; 4] { ["gang", "attackers", ks.as_str(), field] };
            let (profile, card_label) = self.card(&a.card, &at("card"))?;
            let weapon_name = a.weapon.clone().unwrap_or_else(|| "unarmed".into());
            let (weapon, weapon_label) = self.weapon(&weapon_name, &at("weapon"))?;
            let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
            let effort = self.gang_effort(a.effort.as_deref(), &at("effort"))?;
            if turns > 1 && effort == GangEffort::Best && !ranged {
                return Err(self.err(
                    0,
                    &at("effort"),
                    "over several turns an attacker's effort ★ stay on it into the next turn (a Recount removes one), so `optimal-win` would have to plan every attacker's markers too",
                    "`none` or `max` when `turns` is more than 1",
                ));
            }
            let stun = self.int(0, &at("stun"), a.stun.unwrap_or(0), 0..=profile.willpower as i64 - 1, "stun")?;
            let wounds =
                self.int(0, &at("wounds"), a.wounds.unwrap_or(0), 0..=profile.endurance as i64 - 1, "wounds")?;
            let count = self.int(0, &at("count"), a.count.unwrap_or(1), 1..=MAX_ATTACKERS as i64, "count")? as usize;
            for (field, v) in [("moved", a.moved), ("beyond_optimal_range", a.beyond_optimal_range), ("cover", a.cover)]
            {
                if v == Some(true) && !ranged {
                    return Err(self.err(
                        0,
                        &at(field),
                        format!("`{field}` removes dice from a ranged attack, and `{weapon_name}` is a melee weapon"),
                        "false, or a ranged weapon",
                    ));
                }
            }
            let in_contact = a.in_contact.unwrap_or(false);
            if in_contact && ranged {
                return Err(self.err(
                    0,
                    &at("in_contact"),
                    "a model in base contact with a non-K.O. enemy may not shoot (seed lines 1648–1669)",
                    "false for a ranged attacker",
                ));
            }
            let label = a.label.clone().unwrap_or_else(|| format!("{card_label} + {weapon_label}"));
            let ranged_mods = RangedMods {
                moved: a.moved.unwrap_or(false),
                beyond_optimal_range: a.beyond_optimal_range.unwrap_or(false),
                cover: a.cover.unwrap_or(false),
                ..RangedMods::default()
            };
            lines.push(format!(
                "{}{label}: {} ({}, {} per hit){}, {}{}",
                if count > 1 { format!("{count} × ") } else { String::new() },
                profile_text(&profile),
                if ranged { "ranged" } else { "melee" },
                weapon.damage,
                markers_text(Markers { stun: stun as u8, wounds: wounds as u8 }),
                match effort {
                    GangEffort::None => "no effort",
                    GangEffort::Max => "as much effort as it may",
                    GangEffort::Best => "effort at its best for the sequence",
                },
                if in_contact { ", in contact from the start" } else { "" }
            ));
            for _ in 0..count {
                attackers.push(GangAttacker {
                    label: label.clone(),
                    profile: profile.clone(),
                    weapon: weapon.clone(),
                    start: Markers { stun: stun as u8, wounds: wounds as u8 },
                    effort,
                    ranged: ranged_mods,
                    in_contact,
                    kind: 0,
                });
            }
        }
        // Attackers equal in everything are one kind (orders that swap them are one order).
        let kinds = crate::analysis::gang::number_kinds(&attackers, |a, b| a == b);
        if let Err((why, allowed)) = crate::analysis::gang::check(&kinds, turns) {
            return Err(self.err(0, &["gang", "attackers"], why, allowed));
        }
        for (a, k) in attackers.iter_mut().zip(kinds) {
            a.kind = k;
        }
        setup.push(format!(
            "Target: {target_name} ({}){}, {}",
            profile_text(&target),
            markers_text(start),
            match target_effort {
                GangEffort::None => "no effort",
                GangEffort::Max => "as much effort as it may at every attack",
                GangEffort::Best =>
                    "effort at its best to stay in the fight, knowing the order and every result so far",
            }
        ));
        setup.push(format!("Attackers, in the order listed: {}", lines.join("; ")));
        setup.push(format!(
            "{}; goal: the target {}; {}",
            if turns == 1 { "one turn".to_string() } else { format!("{turns} turns, with the Recount between them (★ removal, K.O. recovery check)") },
            match goal {
                Goal::OutOfAction => "out of action (K.O. or casualty)",
                Goal::Casualty => "a casualty (a K.O. target is attacked on: no block, no effort, Defense −1, +1 ♦ per hit)",
            },
            if others > 0 {
                format!("{others} other enemies already in contact with it")
            } else {
                "a melee attacker comes into base contact to attack and stays: each one already there gives the target −1 Defense and one block die fewer (seed lines 1503–1515)".to_string()
            }
        ));
        self.note(Note::not_modelled(BETWEEN));
        self.note(Note::not_modelled(
            "knock-down: the seed gives it no effect on attacks or defence (seed lines 1826–1827), so a knocked-down target defends as one standing; CRT effects are not applied",
        ));
        let gang = Gang {
            attackers,
            target_name,
            target,
            start,
            target_effort,
            goal,
            turns,
            others_in_contact: others,
            readings: *readings,
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
