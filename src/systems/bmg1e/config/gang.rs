//! The `gang` kind (2013): several models attack one target in turn, its markers, Defense
//! counters and fall carried from attack to attack — how likely it goes out of action, after how
//! many attackers, and in which order they should go (the generic analysis,
//! `crate::analysis::gang`).

use super::{Bmg1e, Cells, card_text};
use crate::analysis::gang::{GangTrial, MAX_ATTACKERS, MAX_TURNS};
use crate::analysis::scenario::{Layout, Note};
use crate::config::ctx::cell;
use crate::error::InputError;
use crate::systems::batman::markers::Markers;
use crate::systems::bmg1e::rules::counters::available;
use crate::systems::bmg1e::rules::gang::{Gang, GangAttacker, Goal};
use crate::systems::bmg1e::rules::{Attack, AttackSetup, MeleeMods, RangedMods, Readings, SpecialAttack, WeaponKind};
use crate::systems::bmg1e::schema::{File, GangAttackerSpec};

/// What the default "no activation in between" leaves out in the 2013 game, for every report.
pub(crate) const BETWEEN: &str = "the target's own activations between the attackers: the players alternate activations (seed L380), so in a game Batman may act (attack, move away, stand up) before the last henchman does; here it only blocks, spending its Defense counters after each impact roll, until every attacker has acted";

/// One attacker entry read: the attacker and its setup line.
type Entry = (GangAttacker, String);

impl Bmg1e<'_> {
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
        let tat = |field: &'static str| -> [&'static str; 3] { ["gang", "target", field] };
        let (target, target_label) = self.card(&g.target.card, &tat("card"))?;
        let (target_weapon, tw_label) = self.weapon(g.target.weapon.as_deref().unwrap_or("unarmed"), &tat("weapon"))?;
        let e = target.endurance as i64;
        let start = Markers {
            stun: self.int(0, &tat("stun"), g.target.stun.unwrap_or(0), 0..=e, "stun")? as u8,
            wounds: self.int(0, &tat("wounds"), g.target.wounds.unwrap_or(0), 0..=e - 1, "wounds")? as u8,
        };
        let ko = start.stun + start.wounds >= target.endurance;
        if start.stun + start.wounds > target.endurance || (ko && goal == Goal::OutOfAction) {
            return Err(self.err(
                0,
                &tat("stun"),
                format!(
                    "a target with {} markers on Endurance {} is {}",
                    start.stun + start.wounds,
                    target.endurance,
                    if ko { "already K.O., out of action before the first attack" } else { "past K.O." }
                ),
                format!("stun + wounds < {} (or `goal = \"casualty\"` to attack a K.O. target on)", target.endurance),
            ));
        }
        if g.target.effort.is_some() {
            self.note(Note::ignored(
                "the target's `effort` (a counter split): the target takes no activation, so it places its counters on Defense first (set `defense_counters` to keep fewer)",
            ));
        }
        let dc_max = target.defense.min(target.willpower);
        let defense_counters = match g.defense_counters {
            None => target.defense,
            Some(x) => self.int(0, &["gang", "defense_counters"], x, 0..=dc_max as i64, "defense_counters")? as u8,
        };
        let armor_spent = self.int(
            0,
            &["gang", "target_armor_spent"],
            g.target_armor_spent.unwrap_or(0),
            0..=3,
            "target_armor_spent",
        )? as u8;
        if g.target_armor_spent.is_some() && !target.traits.power_armor {
            self.note(Note::ignored(format!(
                "`target_armor_spent`: {target_label} has no Power Armor (trait `power_armor`)"
            )));
        }
        let knocked_down = g.target_knocked_down.unwrap_or(false);
        let target_name = g.target.label.clone().unwrap_or_else(|| target_label.clone());
        // The attackers, each entry `count` times.
        let mut attackers: Vec<GangAttacker> = Vec::new();
        let mut entry_of: Vec<usize> = Vec::new();
        let mut lines = Vec::new();
        for (k, a) in g.attackers.iter().enumerate() {
            let (attacker, line) = self.gang_attacker(k, a, readings)?;
            let count = self.int(
                0,
                &["gang", "attackers", &k.to_string(), "count"],
                a.count.unwrap_or(1),
                1..=MAX_ATTACKERS as i64,
                "count",
            )? as usize;
            lines.push(if count > 1 { format!("{count} × {line}") } else { line });
            attackers.extend(std::iter::repeat_n(attacker, count));
            entry_of.extend(std::iter::repeat_n(k, count));
        }
        // Attackers equal in everything are one kind (orders that swap them are one order).
        let kinds = crate::analysis::gang::number_kinds(&attackers, |a, b| a == b);
        if let Err((why, allowed)) = crate::analysis::gang::check(&kinds, turns) {
            return Err(self.err(0, &["gang", "attackers"], why, allowed));
        }
        for (a, k) in attackers.iter_mut().zip(kinds) {
            a.kind = k;
        }
        let gang = Gang {
            attackers,
            target_name,
            target,
            target_weapon,
            start,
            knocked_down,
            armor_spent,
            defense_counters,
            goal,
            turns,
            others_in_contact: others,
            readings: *readings,
        };
        // Every attack the sequence can make must be one the rules allow: each attacker against
        // the target as it starts.
        for (i, a) in gang.attackers.iter().enumerate() {
            if let Err(e) = Attack::new(&gang_setup(&gang, a)) {
                return Err(self.err(0, &["gang", "attackers", &entry_of[i].to_string()], e.message, e.allowed));
            }
        }
        let c = &gang.target;
        setup.push(format!(
            "Target: {} ({}){}{}, with {} ({} Defense counters each round{}; the rest on Special, then Movement)",
            gang.target_name,
            card_text(c),
            if start.stun + start.wounds > 0 {
                format!(", {}★ {}♦ on it", start.stun, start.wounds)
            } else {
                String::new()
            },
            if knocked_down { ", lying on the ground" } else { "" },
            tw_label,
            defense_counters.min(available(c, start)),
            if defense_counters < c.defense { " at most, as the scenario says" } else { " at most, its Defense" },
        ));
        setup.push(format!("Attackers, in the order listed: {}", lines.join("; ")));
        setup.push(format!(
            "{}; goal: the target {}; it spends its Defense counters after each impact roll, as many as it chooses, knowing the order and every result so far (seed L632); a fallen or K.O. target cannot block and is impacted on 2+ (L1908); {}",
            if turns == 1 {
                "one turn".to_string()
            } else {
                format!("{turns} turns, with the Casualty Recount between them (Recovery Roll, K.O. Endurance roll), then new counters, one Movement counter first to stand up")
            },
            match goal {
                Goal::OutOfAction => "out of action (K.O. or casualty)",
                Goal::Casualty => "a casualty (a K.O. target is attacked on: no counters, no block)",
            },
            if others > 0 {
                format!("{others} other enemies already in contact with it")
            } else {
                "a melee attacker comes into base contact to attack and stays: from the second enemy in contact on, the target fights outnumbered, −1 Defense (L596)".to_string()
            }
        ));
        self.note(Note::not_modelled(BETWEEN));
        self.note(Note::not_modelled(
            "the target's Dodge, Elusive and Counter Attack (its Movement and Special counters are not spent on them), and the counters it loses to damage are its Attack and Movement counters first, then Special, then Defense",
        ));
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

    /// Attacker entry `k`: its card, weapon, counters and special attack, as the 2013 attack
    /// kind reads them (all its Attack counters unless stated; the card's special attack when a
    /// Special counter is left for it).
    fn gang_attacker(&self, k: usize, a: &GangAttackerSpec, readings: &Readings) -> Result<Entry, InputError> {
        let ks = k.to_string();
        let at = |field: &'static str| -> [&str; 4] { ["gang", "attackers", ks.as_str(), field] };
        let (card, card_label) = self.card(&a.card, &at("card"))?;
        let (weapon, weapon_label) = self.weapon(a.weapon.as_deref().unwrap_or("unarmed"), &at("weapon"))?;
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
        let label = a.label.clone().unwrap_or_else(|| format!("{card_label} + {weapon_label}"));
        let n = available(&card, Markers::default());
        let sc_slot = card.special_counters();
        let mut special =
            self.special_attack(a.special_attack.as_deref(), &at("special_attack"), &card, &weapon, &label)?;
        if ranged && special != SpecialAttack::None && !readings.special_attack_ranged {
            if a.special_attack.is_some() {
                return Err(self.err(
                    0,
                    &at("special_attack"),
                    format!("special attack `{}` with a ranged weapon", special.name()),
                    "`none`: the reading special_attack_ranged = false limits special attacks to close combat",
                ));
            }
            special = SpecialAttack::None;
        }
        let (mut card, mut weapon) = (card, weapon);
        let attack_counters;
        let mut sc_used: Vec<&'static str> = Vec::new();
        let mut obstacles = Vec::new();
        if ranged {
            for (field, set) in
                [("attack_counters", a.attack_counters.is_some()), ("in_contact", a.in_contact == Some(true))]
            {
                if set {
                    return Err(self.err(
                        0,
                        &at(field),
                        format!("`{field}` is for a melee attacker; {label} shoots (2 Attack counters per shot, L642; no shot at a target within 5 cm, L644)"),
                        "omit it, or a melee weapon",
                    ));
                }
            }
            if card.attack.min(n) < 2 {
                return Err(self.err(
                    0,
                    &at("weapon"),
                    format!(
                        "{label} cannot pay a shot's 2 Attack counters (Attack {}, Willpower {})",
                        card.attack, card.willpower
                    ),
                    "an attacker with Attack ≥ 2 and Willpower ≥ 2, or a melee weapon",
                ));
            }
            for (j, &d) in a.obstacles.iter().flatten().enumerate() {
                obstacles.push(self.int(
                    0,
                    &["gang", "attackers", ks.as_str(), "obstacles", &j.to_string()],
                    d,
                    4..=6,
                    "obstacle difficulty",
                )? as u8);
            }
            // The shot's 2 AC, then its Special counters for the special attack, Rapid Fire and
            // Expert Marksman in this order while they last (L642, L1566, L1341).
            let sc_left = sc_slot.min(n - 2);
            let wanted = [
                (special.name(), special != SpecialAttack::None),
                ("rapid_fire", card.traits.rapid_fire || weapon.traits.rapid_fire),
                ("expert_marksman", card.traits.expert_marksman && !obstacles.is_empty()),
            ];
            for (name, want) in wanted {
                if !want {
                    continue;
                }
                if (sc_used.len() as u8) < sc_left {
                    sc_used.push(name);
                    continue;
                }
                if name == special.name() && a.special_attack.is_some() {
                    return Err(self.err(
                        0,
                        &at("special_attack"),
                        format!("{label} has no Special counter left for `{name}` after the shot's 2 Attack counters"),
                        "`none`",
                    ));
                }
                self.note(Note::ignored(format!("{label} cannot pay `{name}` (1 Special counter): none left after the shot's 2 Attack counters and {}", if sc_used.is_empty() { "nothing else".to_string() } else { format!("`{}`", sc_used.join("`, `")) })));
                match name {
                    "rapid_fire" => {
                        card.traits.rapid_fire = false;
                        weapon.traits.rapid_fire = false;
                    }
                    "expert_marksman" => card.traits.expert_marksman = false,
                    _ => special = SpecialAttack::None,
                }
            }
            attack_counters = 0;
        } else {
            for (field, set) in [("moved", a.moved.is_some()), ("obstacles", a.obstacles.is_some())] {
                if set {
                    return Err(self.err(
                        0,
                        &at(field),
                        format!("`{field}` is for a shot; {label} fights in melee"),
                        "omit it, or a ranged weapon",
                    ));
                }
            }
            let max = card.attack.min(n);
            let explicit = match a.attack_counters {
                Some(x) => Some(self.int(0, &at("attack_counters"), x, 1..=max as i64, "attack_counters")? as u8),
                None => None,
            };
            if special != SpecialAttack::None {
                let ac = explicit.unwrap_or(1);
                if sc_slot >= 1 && ac < n {
                    sc_used.push(special.name());
                } else if a.special_attack.is_some() {
                    return Err(self.err(
                        0,
                        &at("special_attack"),
                        format!("{label} has no counter left for `{}` (1 Special counter) after {ac} Attack counters (Willpower {n}, Special {sc_slot})", special.name()),
                        "`none`, or fewer `attack_counters`",
                    ));
                } else {
                    self.note(Note::ignored(format!(
                        "{label}'s special attack `{}` (1 SC) is not made: no counter is left for it (L372); choose it with `special_attack` and fewer `attack_counters`",
                        special.name()
                    )));
                    special = SpecialAttack::None;
                }
            }
            attack_counters = explicit.unwrap_or(max.min(n - sc_used.len() as u8));
        }
        let in_contact = a.in_contact.unwrap_or(false);
        let line = format!(
            "{label}: {} ({}{}){}{}",
            card_text(&card),
            if ranged { "shoots, 2 AC".to_string() } else { format!("{attack_counters} AC") },
            if sc_used.is_empty() { String::new() } else { format!(", 1 SC each for {}", sc_used.join(", ")) },
            if ranged && !obstacles.is_empty() {
                format!(
                    ", {} obstacle{} ({})",
                    obstacles.len(),
                    if obstacles.len() == 1 { "" } else { "s" },
                    obstacles.iter().map(|d| format!("{d}+")).collect::<Vec<_>>().join(", ")
                )
            } else {
                String::new()
            },
            if in_contact { ", in contact from the start" } else { "" }
        );
        let ranged_mods = RangedMods { moved: a.moved.unwrap_or(false), obstacles, ..RangedMods::default() };
        Ok((
            GangAttacker { label, card, weapon, attack_counters, special, ranged: ranged_mods, in_contact, kind: 0 },
            line,
        ))
    }
}

/// Attacker `i`'s attack on the target as it starts (all its Defense counters held), for the
/// check that the rules allow it.
fn gang_setup(g: &Gang, a: &GangAttacker) -> AttackSetup {
    AttackSetup {
        attacker: a.card.clone(),
        weapon: a.weapon.clone(),
        target: g.target.clone(),
        target_weapon: g.target_weapon.clone(),
        target_markers: g.start,
        target_knocked_down: g.knocked_down,
        target_armor_spent: g.armor_spent,
        special_attack: a.special,
        melee: MeleeMods {
            attack_counters: a.attack_counters,
            defense_counters: g.defense_counters,
            ..MeleeMods::default()
        },
        ranged: a.ranged.clone(),
        readings: g.readings,
    }
}
