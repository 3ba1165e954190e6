//! The `gang` kind (Wolsung): henchmen attack one model in turn, in melee or with guns, its
//! wounds, fall and cards carried from attack to attack — how likely it is taken out, after how
//! many attackers, and in which order they should go (the generic analysis,
//! `crate::analysis::gang`).

use super::{Cells, Wolsung, describe, hand_of};
use crate::analysis::gang::{GangTrial, MAX_ATTACKERS};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::wolsung::rules::Readings;
use crate::systems::wolsung::rules::gang::{Gang, GangAttacker, GangWeapon};
use crate::systems::wolsung::schema::File;

/// What the default "no activation in between" leaves out in Wolsung, for every report.
pub(crate) const BETWEEN: &str = "the target's own activation between the attackers: the players alternate activations (seed l. 45), so in a game it may act (stand up, strike, move away) before the last attacker does; here it only reacts — stands or dives, guards or parries — and spends its cards, until every attacker has acted";

impl Wolsung<'_> {
    pub(crate) fn gang(&self, f: &File, _readings: Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let g = self.section(&f.gang, "gang")?;
        let heroes = self.int(0, &["gang", "heroes"], g.heroes.unwrap_or(1), 0..=6, "heroes")? as u8;
        let t = self.model_w(f, &g.target, &["gang", "target"])?;
        let cards = hand_of(&t, heroes);
        let down = g.target_knocked_down.unwrap_or(false);
        if t.beginners_luck {
            self.note(Note::not_modelled(format!(
                "{}'s Beginner's luck: a sequence does not re-roll the target's dice",
                t.label
            )));
        }
        let mut attackers = Vec::new();
        let mut lines = Vec::new();
        for (k, a) in g.attackers.iter().enumerate() {
            let ks = k.to_string();
            let at = |field: &'static str| -> [&str; 4] { ["gang", "attackers", ks.as_str(), field] };
            let m = self.model_w(f, &a.model, &at("model"))?;
            let count = self.int(0, &at("count"), a.count.unwrap_or(1), 1..=MAX_ATTACKERS as i64, "count")? as usize;
            let in_contact = a.in_contact.unwrap_or(false);
            let (weapon, how) = match &a.gun {
                None => {
                    if a.distance.is_some() {
                        return Err(self.err(
                            0,
                            &at("distance"),
                            "`distance` is for a shot; this attacker fights in melee",
                            "omit it, or give a `gun`",
                        ));
                    }
                    let damage = (m.f as i32 + m.melee_bonus).max(0) as u32;
                    (GangWeapon::Melee { c: m.c, damage }, format!("melee, C{} F{damage}", m.c))
                }
                Some(name) => {
                    if in_contact {
                        return Err(self.err(
                            0,
                            &at("in_contact"),
                            "a shooter in base contact with the target fights it in melee",
                            "false with a `gun`, or no `gun`",
                        ));
                    }
                    let gun = self.gun_w(f, name, &at("gun"))?;
                    let distance = self.int(0, &at("distance"), a.distance.unwrap_or(6), 1..=60, "distance")?;
                    let Some(&(_, band)) = gun.bands.iter().find(|(max, _)| distance <= *max) else {
                        let last = gun.bands.last().map_or(0, |b| b.0);
                        return Err(self.err(
                            0,
                            &at("distance"),
                            format!("{}\" is beyond {}'s last range band", distance, gun.label),
                            format!("1..={last}"),
                        ));
                    };
                    let unused: Vec<&str> = [
                        ("Rapid Fire", gun.rapid_fire > 1),
                        ("Rapid", gun.rapid),
                        ("Movement penalty", gun.movement_penalty > 0),
                    ]
                    .iter()
                    .filter(|(_, has)| *has)
                    .map(|(n, _)| *n)
                    .collect();
                    if !unused.is_empty() {
                        self.note(Note::not_modelled(format!(
                            "{}'s {}: each attacker makes one shot, standing still",
                            gun.label,
                            unused.join(", ")
                        )));
                    }
                    let dice = m.d + band;
                    (
                        GangWeapon::Shot { dice, damage: gun.f, ap: gun.ap },
                        format!("shoots the {} at {distance}\", {dice} dice, F{}", gun.label, gun.f),
                    )
                }
            };
            if m.hero {
                self.note(Note::not_modelled(format!(
                    "{}'s heroic feats and Beginner's luck as an attacker: a sequence plays the target's cards only",
                    m.label
                )));
            }
            let gun_label = a.gun.as_ref().and_then(|n| self.gun_w(f, n, &at("gun")).ok()).map(|g| g.label);
            let label = a.label.clone().unwrap_or_else(|| match &gun_label {
                None => m.label.clone(),
                Some(g) => format!("{} + {g}", m.label),
            });
            lines.push(format!(
                "{}{}{} — {how}{}",
                if count > 1 { format!("{count} × ") } else { String::new() },
                a.label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default(),
                describe(&m),
                if in_contact { ", in contact from the start" } else { "" }
            ));
            for _ in 0..count {
                attackers.push(GangAttacker {
                    label: label.clone(),
                    weapon: weapon.clone(),
                    r: m.r,
                    in_contact,
                    kind: 0,
                });
            }
        }
        let kinds = crate::analysis::gang::number_kinds(&attackers, |a, b| a == b);
        if let Err((why, allowed)) = crate::analysis::gang::check(&kinds, 1) {
            return Err(self.err(0, &["gang", "attackers"], why, allowed));
        }
        for (a, k) in attackers.iter_mut().zip(kinds) {
            a.kind = k;
        }
        let mut rs: Vec<i32> =
            attackers.iter().filter(|a| matches!(a.weapon, GangWeapon::Melee { .. })).map(|a| a.r).collect();
        rs.sort_unstable();
        rs.dedup();
        if rs.len() > 4 {
            return Err(self.err(
                0,
                &["gang", "attackers"],
                format!("the melee attackers have {} different R values", rs.len()),
                "at most 4 different R values among the melee attackers (a shot into melee counts them)",
            ));
        }
        let gang = Gang {
            attackers,
            target_name: t.label.clone(),
            c: t.c,
            r: t.r,
            wounds: t.h as u8,
            armour: t.armour,
            hard_to_kill: t.hard_to_kill,
            down,
            cards,
        };
        setup.push(format!(
            "Target: {}{}; {}",
            describe(&t),
            if down { ", knocked down" } else { "" },
            if cards > 0 {
                format!("{cards} cards dealt from the shared deck (3 + {heroes} heroes), spent at its best: black in melee, red against shots, J Q K A +2, others +1")
            } else {
                "no cards".to_string()
            }
        ));
        setup.push(format!("Attackers, in the order listed: {}", lines.join("; ")));
        setup.push("one turn; the target reacts at its best to each attack, knowing the order and every result so far: stands or dives for cover (knocked down for the rest of the turn: +2 R against shots, C 1 and on guard only in melee), guards or parries (+2 C); a melee attacker comes into base contact and stays, adding its C to each later melee attacker (l. 742–746); a shot at the target in contact with the shooter's friends is a shot into melee (l. 617–636)".into());
        self.note(Note::not_modelled(BETWEEN));
        if cards > 0 {
            self.note(Note::not_modelled(
                "hidden cards in the adaptive figure: choosing each next attacker from the target's state lets the attackers see the cards in its hand, which a player cannot; the orders fixed in advance do not",
            ));
        }
        self.note(Note::not_modelled(
            "the attackers' own wounds: the target's backlash on guard removes nobody, so it parries whenever it can; each attacker makes one attack (no second action), and a sequence lasts one turn",
        ));
        let trial = GangTrial::new(gang);
        if let Err(why) = trial.within_budget() {
            return Err(self.err(
                0,
                &["gang", "target"],
                format!("this sequence cannot be solved: {why}"),
                "fewer cards, fewer different attackers, or a target with fewer wounds",
            ));
        }
        Ok((vec![cell("gang", vec![], trial)], Layout::Gang))
    }
}
