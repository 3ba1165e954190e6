//! `kind = "attack"` (2013): one `[attack]` section → an [`AttackSetup`], its setup lines and
//! its notes. [`Bmg1e::attack_setup`] reads the section in the order its messages are checked:
//! who fights with what ([`AttackSides`]), the target's markers, the circumstances of a shot,
//! the special attack, the target's counters, the attacker's counters; then the setup lines.

use super::Bmg1e;
use super::{Budget, Counters, Spend, bracket, card_text, kevlar_line, setup_damage, traits_words};
use crate::analysis::scenario::Note;
use crate::error::InputError;
use crate::systems::batman::markers::Markers;
use crate::systems::batman::schema as shared;
use crate::systems::bmg1e::rules::{
    Attack, AttackSetup, Card, MeleeMods, RangedMods, Readings, ScratchMode, SpecialAttack, Weapon, WeaponKind,
    loses_passive_traits, loses_passive_traits_when,
};
use crate::systems::bmg1e::rules::{PASSIVE_TRAITS, WEAPON_TRAIT_TABLE, acting_in_attack};

/// Who attacks whom with what, as the config names them, with each one's report label.
struct AttackSides {
    attacker: Card,
    a_label: String,
    target: Card,
    t_label: String,
    weapon: Weapon,
    w_label: String,
    target_weapon: Weapon,
    tw_label: String,
}

/// The target's counters spent against the attack: (Defense counters, Dodge counters, Elusive).
type TargetSpend = (u8, u8, bool);

/// What the attacker spends: its Attack counters (melee strikes; 0 for a shot, whose 2 AC are
/// fixed) and the options its Special counters pay for, by name.
struct AttackerSpend {
    attack_counters: u8,
    sc_used: Vec<&'static str>,
}

impl Bmg1e<'_> {
    /// An `[attack]` section as the rules' [`AttackSetup`] and its setup lines.
    pub(super) fn attack_setup(
        &self,
        a: &shared::Attack,
        readings: &Readings,
    ) -> Result<(AttackSetup, Vec<String>), InputError> {
        self.refuse_other_edition_attack(a, "attack")?;
        let mut sides = self.attack_sides(a)?;
        let ranged = matches!(sides.weapon.kind, WeaponKind::Ranged { .. });
        let a = &self.without_shared_fields_of_other_attacks(a.clone(), ranged);
        self.refuse_other_attack_kind(a, ranged)?;
        let target_markers = self.target_markers(a, &sides.target)?;
        let obstacles = self.shot_circumstances(a, &sides)?;
        let mut special_attack = self.special_attack(
            a.special_attack.as_deref(),
            &["attack", "special_attack"],
            &sides.attacker,
            &sides.weapon,
            &sides.a_label,
        )?;
        if ranged && special_attack != SpecialAttack::None && !readings.special_attack_ranged {
            self.note(Note::ignored(format!(
                "special attack `{}` with a ranged weapon: the reading special_attack_ranged = false limits special attacks to close combat",
                special_attack.name()
            )));
        }
        let (defense_counters, dodge_counters, elusive) = self.target_counters(a, &sides.target, target_markers)?;
        let spend = if ranged {
            self.shooter_counters(a, readings, &mut sides, &mut special_attack, target_markers, &obstacles)?
        } else {
            self.striker_counters(a, readings, &sides, &mut special_attack)?
        };
        let target_armor_spent = match a.target_armor_spent {
            None => 0,
            Some(x) => self.int(0, &["attack", "target_armor_spent"], x, 0..=3, "target_armor_spent")? as u8,
        };
        if a.target_armor_spent.is_some() && !sides.target.traits.power_armor {
            self.note(Note::ignored(format!(
                "`target_armor_spent`: {} has no Power Armor (trait `power_armor`)",
                sides.t_label
            )));
        }
        let paralyzed = a.paralyzed.unwrap_or(false);
        let setup = AttackSetup {
            attacker: sides.attacker.clone(),
            weapon: sides.weapon.clone(),
            target: sides.target.clone(),
            target_weapon: sides.target_weapon.clone(),
            target_markers,
            target_knocked_down: a.target_knocked_down.unwrap_or(false),
            target_armor_spent,
            special_attack,
            melee: MeleeMods {
                attack_counters: spend.attack_counters,
                defense_counters,
                numerical_inferiority: a.numerical_inferiority.unwrap_or(false),
                defensive_position: a.defensive_position.unwrap_or(false),
                paralyzed,
            },
            ranged: RangedMods {
                moved: a.moved.unwrap_or(false),
                obstacles,
                cover: a.cover.unwrap_or(false),
                dodge_counters,
                elusive,
                paralyzed,
                within_5cm: a.within_5cm.unwrap_or(false),
            },
            readings: *readings,
        };
        self.notes_attack(&setup, &sides.a_label, &sides.t_label, &sides.w_label);
        let lines = self.attack_lines(a, &setup, &sides, &spend.sc_used);
        Ok((setup, lines))
    }

    /// The attacker, the target and their weapons (bare hands unless named).
    fn attack_sides(&self, a: &shared::Attack) -> Result<AttackSides, InputError> {
        let need = |v: &Option<String>, field: &str| {
            v.clone().ok_or_else(|| self.err(0, &["attack"], format!("missing `{field}`"), self.card_names()))
        };
        let (attacker, a_label) = self.card(&need(&a.attacker, "attacker")?, &["attack", "attacker"])?;
        let (target, t_label) = self.card(&need(&a.target, "target")?, &["attack", "target"])?;
        let (weapon, w_label) = self.weapon(a.weapon.as_deref().unwrap_or("unarmed"), &["attack", "weapon"])?;
        let (target_weapon, tw_label) =
            self.weapon(a.target_weapon.as_deref().unwrap_or("unarmed"), &["attack", "target_weapon"])?;
        Ok(AttackSides { attacker, a_label, target, t_label, weapon, w_label, target_weapon, tw_label })
    }

    /// In a comparison of loadouts (`compare`, `paired`) that mixes melee and ranged weapons, a
    /// value the scenario's `[attack]` shares that only the other kind of attack reads
    /// (`numerical_inferiority` for a shot, `cover` for a strike) cannot apply to this loadout:
    /// it is left out of this cell, with a note when it would matter to a loadout of that kind
    /// (a switch set to `true`, obstacles listed, counters given: a side's counters have no
    /// neutral value). Set by the loadout itself, it stays an error
    /// ([`Bmg1e::refuse_other_attack_kind`]).
    fn without_shared_fields_of_other_attacks(&self, mut a: shared::Attack, ranged: bool) -> shared::Attack {
        let (this, other) = if ranged { ("ranged", "melee") } else { ("melee", "ranged") };
        let mut ignored = Vec::new();
        let shared = |field: &str| self.is_shared("attack", field);
        let mut switch = |field: &'static str, v: &mut Option<bool>| {
            if shared(field) && v.take() == Some(true) {
                ignored.push(format!("`{field} = true`"));
            }
        };
        if ranged {
            switch("numerical_inferiority", &mut a.numerical_inferiority);
            switch("defensive_position", &mut a.defensive_position);
        } else {
            switch("moved", &mut a.moved);
            switch("cover", &mut a.cover);
            switch("elusive", &mut a.elusive);
            switch("within_5cm", &mut a.within_5cm);
        }
        let counters: &mut [(&str, &mut Option<i64>)] = if ranged {
            &mut [("attack_counters", &mut a.attack_counters), ("defense_counters", &mut a.defense_counters)]
        } else {
            &mut [("dodge_counters", &mut a.dodge_counters)]
        };
        for (field, v) in counters.iter_mut() {
            if shared(field)
                && let Some(x) = v.take()
            {
                ignored.push(format!("`{field} = {x}`"));
            }
        }
        if !ranged
            && shared("obstacles")
            && let Some(o) = a.obstacles.take()
            && !o.is_empty()
        {
            ignored.push(format!("`obstacles = {o:?}`"));
        }
        for f in ignored {
            self.note(Note::ignored(format!(
                "[attack] {f} applies to {other} attacks only: the {this} loadouts of this comparison ignore it"
            )));
        }
        a
    }

    /// Refuses a melee-only field on a shot and a ranged-only field on a melee attack.
    fn refuse_other_attack_kind(&self, a: &shared::Attack, ranged: bool) -> Result<(), InputError> {
        let melee_only = [
            ("attack_counters", a.attack_counters.is_some()),
            ("defense_counters", a.defense_counters.is_some()),
            ("numerical_inferiority", a.numerical_inferiority.is_some()),
            ("defensive_position", a.defensive_position.is_some()),
        ];
        let ranged_only = [
            ("moved", a.moved.is_some()),
            ("obstacles", a.obstacles.is_some()),
            ("cover", a.cover.is_some()),
            ("dodge_counters", a.dodge_counters.is_some()),
            ("elusive", a.elusive.is_some()),
            ("within_5cm", a.within_5cm.is_some()),
        ];
        for (field, set) in if ranged { melee_only.as_slice() } else { ranged_only.as_slice() } {
            if *set {
                let (this, other) = if ranged { ("ranged", "melee") } else { ("melee", "ranged") };
                return Err(self.err(0, &["attack", field], format!("`{field}` applies to {other} attacks only; the weapon is {this}"), if ranged { "moved, obstacles, cover, dodge_counters, elusive, paralyzed, target_knocked_down" } else { "attack_counters, defense_counters, numerical_inferiority, defensive_position, paralyzed, target_knocked_down" }));
            }
        }
        Ok(())
    }

    /// The target's starting markers. They are refused by the rules against the target's
    /// Endurance (`Attack::new`), not against a generic range: a value above Endurance is read
    /// as Endurance + 1, which the rules refuse with the budget named (issue #23 review,
    /// finding 5).
    fn target_markers(&self, a: &shared::Attack, target: &Card) -> Result<Markers, InputError> {
        let marker = |field: &str, v: Option<i64>, max: u8| -> Result<u8, InputError> {
            v.map_or(Ok(0), |x| {
                self.counters_value(&["attack", field], x, max, field).map(|n| n.min(target.endurance as u64 + 1) as u8)
            })
        };
        Ok(Markers {
            stun: marker("target_stun", a.target_stun, target.endurance)?,
            wounds: marker("target_wounds", a.target_wounds, target.endurance.saturating_sub(1))?,
        })
    }

    /// The circumstances of a shot the config states: its obstacles' difficulties (returned),
    /// a target within 5 cm (Light weapons only), and Elusive (an `elusive` target only).
    fn shot_circumstances(&self, a: &shared::Attack, sides: &AttackSides) -> Result<Vec<u8>, InputError> {
        let obstacles = a
            .obstacles
            .clone()
            .unwrap_or_default()
            .iter()
            .map(|&d| self.int(0, &["attack", "obstacles"], d, 4..=6, "obstacle difficulty").map(|d| d as u8))
            .collect::<Result<Vec<_>, _>>()?;
        if obstacles.len() > 6 {
            return Err(self.err(
                0,
                &["attack", "obstacles"],
                format!("{} obstacles", obstacles.len()),
                "at most 6 obstacles",
            ));
        }
        if a.within_5cm == Some(true) && !sides.weapon.traits.light {
            return Err(self.err(
                0,
                &["attack", "within_5cm"],
                "a ranged weapon cannot target a model within 5 cm unless it is Light",
                "a `light` weapon (it then shoots with Rate of Fire 1), or within_5cm = false",
            ));
        }
        if a.elusive == Some(true) && !sides.target.traits.elusive {
            return Err(self.err(
                0,
                &["attack", "elusive"],
                "only a target with the `elusive` trait can spend a counter on it",
                "add `elusive` to the target's traits, or omit",
            ));
        }
        Ok(obstacles)
    }

    /// The target's counters (issue #23): Defense counters, or Movement counters for Dodge and
    /// Elusive, within the slot and within what it has this round; and the Special counter
    /// crouching for cover costs.
    fn target_counters(&self, a: &shared::Attack, target: &Card, markers: Markers) -> Result<TargetSpend, InputError> {
        let t_counters = Counters::of(target, markers);
        let count = |field: &str, v: Option<i64>, max: u8| -> Result<u64, InputError> {
            v.map_or(Ok(0), |x| self.counters_value(&["attack", field], x, max, field))
        };
        let dc_max = target.defense.min(t_counters.n);
        let defense_counters = count("defense_counters", a.defense_counters, dc_max)?;
        if defense_counters > dc_max as u64 {
            return Err(self.over_budget(
                &["attack", "defense_counters"],
                &t_counters.binding(&format!("Defense {}", target.defense), target.defense),
                &[("defense_counters", defense_counters, "DC")],
                format!("0..={dc_max}"),
            ));
        }
        let defense_counters = defense_counters as u8;
        let dodge_counters = count("dodge_counters", a.dodge_counters, target.movement.min(t_counters.n))?;
        let elusive = a.elusive.unwrap_or(false);
        let mc = dodge_counters + elusive as u64;
        if mc > target.movement.min(t_counters.n) as u64 {
            let mut terms = vec![("dodge_counters", dodge_counters, "MC")];
            if elusive {
                terms.push(("elusive", 1, "MC"));
            }
            let at = if elusive && dodge_counters <= target.movement.min(t_counters.n) as u64 {
                "elusive"
            } else {
                "dodge_counters"
            };
            let terms = if a.dodge_counters.is_none() { &terms[1..] } else { &terms[..] };
            let max = target.movement.min(t_counters.n);
            return Err(self.over_budget(
                &["attack", at],
                &t_counters.binding(&format!("Movement {}", target.movement), target.movement),
                terms,
                if elusive { format!("dodge_counters + elusive (1 MC) ≤ {max}") } else { format!("0..={max}") },
            ));
        }
        let dodge_counters = dodge_counters as u8;
        // Crouching for cover costs the target 1 SC (L698), possibly in an earlier round ("in
        // cover until he moves"): only the slot is checked.
        if a.cover == Some(true) && target.special_counters() == 0 {
            return Err(self.over_budget(
                &["attack", "cover"],
                &("Special 0".to_string(), 0),
                &[("crouching for cover", 1, "SC (L698)")],
                "cover = false, or a target card with Special ≥ 1",
            ));
        }
        Ok((defense_counters, dodge_counters, elusive))
    }

    /// A melee attacker's counters: its Willpower (a 2013 attack has no attacker markers) pays
    /// the Attack counters (all it can, unless stated) and the special attack's Special counter.
    fn striker_counters(
        &self,
        a: &shared::Attack,
        readings: &Readings,
        sides: &AttackSides,
        special_attack: &mut SpecialAttack,
    ) -> Result<AttackerSpend, InputError> {
        let attacker = &sides.attacker;
        let a_counters = Counters::of(attacker, Markers::default());
        let (special_costs, special_explicit) = special_costs(a, readings, false, *special_attack);
        let sc_slot = attacker.special_counters();
        let sa_name = special_attack.name();
        let mut sc_used: Vec<&'static str> = Vec::new();
        let explicit_ac = match a.attack_counters {
            Some(x) => {
                let max = attacker.attack.min(a_counters.n);
                let ac = self.counters_value(&["attack", "attack_counters"], x, max, "attack_counters")?;
                if ac > max as u64 {
                    return Err(self.over_budget(
                        &["attack", "attack_counters"],
                        &a_counters.binding(&format!("Attack {}", attacker.attack), attacker.attack),
                        &[("attack_counters", ac, "AC")],
                        format!("0..={max}"),
                    ));
                }
                Some(ac as u8)
            }
            None => None,
        };
        if special_explicit {
            let ac = explicit_ac.unwrap_or(0);
            if sc_slot == 0 || ac + 1 > a_counters.n {
                let (label, terms): (Budget, Vec<Spend>) = if sc_slot == 0 {
                    (("Special 0".into(), 0), vec![(sa_name, 1, "SC")])
                } else {
                    (a_counters.binding("", u8::MAX), vec![("attack_counters", ac.into(), "AC"), (sa_name, 1, "SC")])
                };
                return Err(self.over_budget(
                    &["attack", "special_attack"],
                    &label,
                    &terms,
                    "`none`, or fewer `attack_counters` (a special attack costs 1 SC, L1734–1752)",
                ));
            }
            sc_used.push(sa_name);
        } else if special_costs {
            // The card's special attack, not chosen in the config: made when a Special counter
            // and one more counter for a strike are left (L372), else not made.
            let ac = explicit_ac.unwrap_or(1);
            if sc_slot >= 1 && ac < a_counters.n {
                sc_used.push(sa_name);
            } else {
                self.note(Note::ignored(format!(
                    "{}'s special attack `{sa_name}` (1 SC) is not made: {} (L372: an action without its counters cannot be done); choose it with `special_attack` and fewer `attack_counters`",
                    sides.a_label,
                    if sc_slot == 0 {
                        "Special 0".to_string()
                    } else {
                        format!("{} leaves no counter for it after {ac} AC", a_counters.label)
                    }
                )));
                *special_attack = SpecialAttack::None;
            }
        }
        let attack_counters = explicit_ac.unwrap_or(attacker.attack.min(a_counters.n - sc_used.len() as u8));
        Ok(AttackerSpend { attack_counters, sc_used })
    }

    /// A shooter's counters: the shot's 2 AC (L642), then its Special counters for, in this
    /// order while they are left, the special attack (stated or the card's), Rapid Fire (L1566)
    /// and Expert Marksman (L1341, when it changes a Blink! roll). An option it cannot pay is
    /// dropped from `sides` / `special_attack`, with a note.
    fn shooter_counters(
        &self,
        a: &shared::Attack,
        readings: &Readings,
        sides: &mut AttackSides,
        special_attack: &mut SpecialAttack,
        target_markers: Markers,
        obstacles: &[u8],
    ) -> Result<AttackerSpend, InputError> {
        let a_counters = Counters::of(&sides.attacker, Markers::default());
        let (special_costs, special_explicit) = special_costs(a, readings, true, *special_attack);
        let sc_slot = sides.attacker.special_counters();
        let sa_name = special_attack.name();
        let mut sc_used: Vec<&'static str> = Vec::new();
        // "Only one ranged weapon attack is allowed per activation and 2 AC must be spent" (L642).
        if sides.attacker.attack.min(a_counters.n) < 2 {
            return Err(self.over_budget(
                &["attack", "weapon"],
                &a_counters.binding(&format!("Attack {}", sides.attacker.attack), sides.attacker.attack),
                &[("a ranged attack", 2, "AC (L642)")],
                "an attacker with Attack ≥ 2 and Willpower ≥ 2, or a melee weapon",
            ));
        }
        let sc_left = sc_slot.min(a_counters.n - 2);
        if special_explicit {
            if sc_left == 0 {
                let label = if sc_slot == 0 { ("Special 0".into(), 0) } else { a_counters.binding("", u8::MAX) };
                let terms: Vec<Spend> = if sc_slot == 0 {
                    vec![(sa_name, 1, "SC")]
                } else {
                    vec![("a ranged attack", 2, "AC"), (sa_name, 1, "SC")]
                };
                return Err(self.over_budget(
                    &["attack", "special_attack"],
                    &label,
                    &terms,
                    "`none` (a special attack costs 1 SC on top of the shot's 2 AC)",
                ));
            }
            sc_used.push(sa_name);
        }
        // The Protective extra Blink! roll is lost with the target's passive traits (reading
        // `helpless_passive_traits`), and it takes Expert Marksman only under
        // `protective_blink_modifiers`.
        let protective_lost = loses_passive_traits_when(
            readings,
            a.target_knocked_down.unwrap_or(false),
            a.paralyzed.unwrap_or(false),
            target_markers.stun + target_markers.wounds >= sides.target.endurance,
        );
        let weapon = &sides.weapon;
        let blinks = !(weapon.traits.remote_controlled || weapon.traits.scope)
            && (!obstacles.is_empty()
                || (sides.target_weapon.traits.protective && readings.protective_blink_modifiers && !protective_lost));
        let options = [
            (sa_name, special_costs && !special_explicit),
            ("rapid_fire", sides.attacker.traits.rapid_fire || weapon.traits.rapid_fire),
            ("expert_marksman", sides.attacker.traits.expert_marksman && blinks),
        ];
        for (name, wanted) in options {
            if !wanted {
                continue;
            }
            if (sc_used.len() as u8) < sc_left {
                sc_used.push(name);
                continue;
            }
            self.note(Note::ignored(format!(
                "{} cannot pay `{name}` (1 SC): {} and the shot's 2 AC leave {} Special counter{} for {} (L372: a special rule without its counters cannot be used)",
                sides.a_label,
                if sc_slot < a_counters.n.saturating_sub(2) { format!("Special {sc_slot}") } else { a_counters.label.clone() },
                sc_left,
                if sc_left == 1 { "" } else { "s" },
                if sc_used.is_empty() { "nothing else".to_string() } else { format!("`{}`", sc_used.join("`, `")) }
            )));
            match name {
                "rapid_fire" => {
                    sides.attacker.traits.rapid_fire = false;
                    sides.weapon.traits.rapid_fire = false;
                }
                "expert_marksman" => sides.attacker.traits.expert_marksman = false,
                _ => *special_attack = SpecialAttack::None,
            }
        }
        Ok(AttackerSpend { attack_counters: 0, sc_used })
    }

    /// The attack's setup lines: who fights with what, then the readings that place its
    /// numbers, then the counters spent (`sc_used`: what the Special counters pay for).
    fn attack_lines(
        &self,
        a: &shared::Attack,
        setup: &AttackSetup,
        sides: &AttackSides,
        sc_used: &[&str],
    ) -> Vec<String> {
        let mut lines = self.attack_sides_lines(a, setup, sides);
        lines.extend(self.attack_ko_line(setup, &sides.t_label));
        lines.extend(protective_line(setup));
        lines.extend(armour_line(setup, &sides.t_label));
        if matches!(setup.weapon.kind, WeaponKind::Ranged { .. }) {
            lines.push(scratch_line(&setup.readings));
            lines.push(shot_line(setup, sc_used));
        } else {
            lines.push(melee_counters_line(setup, sc_used));
        }
        lines
    }

    /// "Attacker: …", "Weapon: …", "Target: …" with the traits as the config lists them.
    fn attack_sides_lines(&self, a: &shared::Attack, setup: &AttackSetup, sides: &AttackSides) -> Vec<String> {
        let traits_of = |c: &shared::Card| traits_words(c.traits.as_deref().unwrap_or_default());
        let raw_card = |n: &Option<String>| {
            n.as_ref().and_then(|n| self.cards.get(n)).map(|(c, _)| traits_of(c)).unwrap_or_default()
        };
        vec![
            format!("Attacker: {} ({}){}", sides.a_label, card_text(&setup.attacker), bracket(&raw_card(&a.attacker))),
            format!(
                "Weapon: {} ({}, {} per damage success{})",
                sides.w_label,
                match setup.weapon.kind {
                    WeaponKind::Melee => "melee".to_string(),
                    WeaponKind::Ranged { rate_of_fire } => format!("ranged, Rate of Fire {rate_of_fire}"),
                },
                setup_damage(setup),
                self.weapons
                    .get(a.weapon.as_deref().unwrap_or(""))
                    .map(|(w, _)| bracket(&traits_words(w.traits.as_deref().unwrap_or_default())))
                    .unwrap_or_default()
            ),
            format!(
                "Target: {} ({}){}, defending with {}{}",
                sides.t_label,
                card_text(&setup.target),
                bracket(&raw_card(&a.target)),
                sides.tw_label,
                if setup.target_markers == Markers::default() {
                    String::new()
                } else {
                    format!(", starting with {}", setup.target_markers)
                }
            ),
        ]
    }

    /// A K.O. target (reading `ko_target_fallen`, issue #23): its setup line, and a note.
    fn attack_ko_line(&self, setup: &AttackSetup, t_label: &str) -> Option<String> {
        let (target, readings) = (&setup.target, &setup.readings);
        if setup.target_markers.stun + setup.target_markers.wounds < target.endurance {
            return None;
        }
        // Also a note: a sweep / grid / compare keeps only the setup lines every cell shares,
        // so a K.O. cell would otherwise not say which reading placed its numbers (issue #23
        // review, finding 4). The text names no cell value, so the cells share one note.
        self.note(Note::reading(if readings.ko_target_fallen {
            format!(
                "`ko_target_fallen = true` (in force): {t_label} is K.O. (markers ≥ Endurance {}, L752), lies on the ground (L754, L802) and is impacted on 2+ (L1908), not on its Defense {} (`false` would keep the Defense)",
                target.endurance, target.defense
            )
        } else {
            format!(
                "`ko_target_fallen = false` (in force): {t_label} is K.O. (markers ≥ Endurance {}, L752; L754 it loses its counters) and keeps its Defense {} for the impact rolls (`true` would impact it on 2+, L1908)",
                target.endurance, target.defense
            )
        }));
        Some(format!(
            "{t_label} is K.O. (reading ko_target_fallen = {}): {}",
            readings.ko_target_fallen,
            if readings.ko_target_fallen {
                "it lies on the ground (L754, L802) and is attacked as a fallen model, impacted on 2+ (L1908)"
            } else {
                "it keeps its Defense; it has no counters to defend with (L754)"
            }
        ))
    }
}

/// The Protective extra Blink! roll, when Blink! modifiers apply to it (L1343, L1450, L1614;
/// reading `protective_blink_modifiers`): a bonus to the shooter is a higher number the target
/// must roll. None when the target's weapon is not Protective, it lost its passive traits, or
/// the shot ignores Blink! rolls.
fn protective_line(setup: &AttackSetup) -> Option<String> {
    let (weapon, target, readings) = (&setup.weapon, &setup.target, &setup.readings);
    let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
    let blink_mods: Vec<(&str, i32)> = [
        ("Expert Marksman −1", setup.attacker.traits.expert_marksman, 1),
        ("Big −1", target.traits.big, 1),
        ("Small +1", target.traits.small, -1),
    ]
    .into_iter()
    .filter(|(_, on, _)| *on)
    .map(|(name, _, m)| (name, m))
    .collect();
    let applies = ranged
        && setup.target_weapon.traits.protective
        && !loses_passive_traits(setup)
        && !(weapon.traits.remote_controlled || weapon.traits.scope)
        && !blink_mods.is_empty();
    applies.then(|| {
        format!(
            "Protective extra Blink! roll (L1808; reading protective_blink_modifiers = {}): {}",
            readings.protective_blink_modifiers,
            if readings.protective_blink_modifiers {
                format!(
                    "{}+ with the Blink! modifiers ({})",
                    4 + blink_mods.iter().map(|m| m.1).sum::<i32>(),
                    blink_mods.iter().map(|m| m.0).collect::<Vec<_>>().join(", ")
                )
            } else {
                "4+, unmodified".to_string()
            }
        )
    })
}

/// The target's protection: its Kevlar Vest line (reading `kevlar_drops`) while it keeps its
/// passive traits, or else the passive traits it loses (reading `helpless_passive_traits`).
/// A helpless target that loses them loses its weapon's Protective rule and its Kevlar Vest
/// too (`Attack::new`): no line then for readings that cannot act.
fn armour_line(setup: &AttackSetup, t_label: &str) -> Option<String> {
    let (target, readings) = (&setup.target, &setup.readings);
    if !loses_passive_traits(setup) {
        return kevlar_line(readings, &setup.attacker, &setup.weapon, target);
    }
    let card_traits = target.traits.names();
    let passive: Vec<&str> = PASSIVE_TRAITS
        .iter()
        .copied()
        .filter(|n| card_traits.contains(n))
        .chain(setup.target_weapon.traits.protective.then_some("protective (weapon)"))
        .chain(setup.target_weapon.traits.defensive.then_some("defensive (weapon)"))
        .collect();
    (!passive.is_empty()).then(|| {
        format!(
            "{t_label} is {} and loses its passive protective traits (reading {}; L1908, L1914): {}",
            if setup.melee.paralyzed || setup.ranged.paralyzed {
                "paralyzed"
            } else if setup.target_knocked_down {
                "knocked down"
            } else {
                "K.O. and lies on the ground"
            },
            super::schema::helpless_passive_traits::phrase(readings.helpless_passive_traits),
            traits_words(&passive)
        )
    })
}

/// Scratch, a basic rule of every distance weapon (seed L734; reading `scratch_mode`).
fn scratch_line(readings: &Readings) -> String {
    format!(
        "Scratch (a basic rule of every distance weapon, seed L734; reading {}): {}",
        super::schema::scratch_mode::phrase(readings.scratch_mode),
        match readings.scratch_mode {
            ScratchMode::PerImpact => "every impact that reaches the damage roll adds one ★ to its damage",
            ScratchMode::PerFailedImpact => "an impact whose damage die fails still inflicts one ★",
            ScratchMode::PerAttack => "an attack with an impact and no damage success inflicts one ★",
        }
    )
}

/// "Shot: …": impact dice, counters, obstacles, cover, Dodge and Elusive.
fn shot_line(setup: &AttackSetup, sc_used: &[&str]) -> String {
    format!(
        "Shot: {} (2 AC per shot{}){}; obstacles {:?}{}{}",
        crate::text::plural(Attack::new(setup).map(|x| x.impact_dice as i64).unwrap_or(0), "impact die", "impact dice"),
        if sc_used.is_empty() { String::new() } else { format!(", 1 SC each for `{}`", sc_used.join("`, `")) },
        if setup.ranged.moved { ", shooter moved" } else { "" },
        setup.ranged.obstacles,
        if setup.ranged.cover { ", target in cover" } else { "" },
        match (setup.ranged.dodge_counters, setup.ranged.elusive) {
            (0, false) => String::new(),
            (0, true) => ", 1 MC on Elusive".to_string(),
            (d, false) => format!(", {d} MC on Dodge"),
            (d, true) => format!(", {d} MC on Dodge + 1 MC on Elusive"),
        }
    )
}

/// "Counters: …" of a melee attack: strikes, Special counter, block dice, circumstances.
fn melee_counters_line(setup: &AttackSetup, sc_used: &[&str]) -> String {
    format!(
        "Counters: attacker {} AC (strikes){}, target {} DC (block dice){}{}",
        setup.melee.attack_counters,
        if sc_used.is_empty() { String::new() } else { format!(" + 1 SC (`{}`)", sc_used.join("`, `")) },
        setup.melee.defense_counters,
        if setup.melee.numerical_inferiority { ", numerical inferiority" } else { "" },
        if setup.melee.defensive_position { ", defensive position" } else { "" }
    )
}

/// Whether the attack's special attack costs a Special counter, and whether the config chose it
/// (else it is the card's, made only when its counter is left).
fn special_costs(a: &shared::Attack, readings: &Readings, ranged: bool, special_attack: SpecialAttack) -> (bool, bool) {
    let special_costs = special_attack != SpecialAttack::None && (!ranged || readings.special_attack_ranged);
    (special_costs, special_costs && a.special_attack.is_some())
}

/// Weapon traits that can change an attack, for the weapon (`own`) or the target's weapon.
fn weapon_traits_used(ranged: bool, own: bool) -> Vec<&'static str> {
    WEAPON_TRAIT_TABLE.iter().filter(|t| t.acts.changes(ranged, own)).map(|t| t.name).collect()
}

impl Bmg1e<'_> {
    /// Notes for an attack: traits and weapon traits that cannot change it, Scratch, Dodge.
    fn notes_attack(&self, s: &AttackSetup, a_label: &str, t_label: &str, w_label: &str) {
        let ranged = matches!(s.weapon.kind, WeaponKind::Ranged { .. });
        self.note_readings_that_move(s);
        self.note_unused_traits(a_label, &s.attacker, &acting_in_attack(s, true), "this attack's numbers");
        self.note_unused_traits(t_label, &s.target, &acting_in_attack(s, false), "this attack's numbers");
        let used = weapon_traits_used(ranged, true);
        let unused: Vec<&str> =
            s.weapon.traits.names().into_iter().filter(|n| !used.contains(n) && *n != "scratch").collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "weapon {w_label}: trait{} {} cannot change this attack (they act for the defender's weapon or the other attack kind)",
                if unused.len() > 1 { "s" } else { "" },
                traits_words(&unused)
            )));
        }
        if s.weapon.traits.scratch {
            self.note(Note::ignored(if ranged {
                format!("weapon {w_label}: `scratch` is not a weapon trait but a basic rule of every distance weapon (seed L732–734): it applies with or without the trait")
            } else {
                format!("weapon {w_label}: `scratch` applies to distance weapons only (seed L734); this is a melee attack")
            }));
        }
        let used = weapon_traits_used(ranged, false);
        let unused: Vec<&str> = s.target_weapon.traits.names().into_iter().filter(|n| !used.contains(n)).collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "{t_label}'s weapon: trait{} {} cannot change an attack against it",
                if unused.len() > 1 { "s" } else { "" },
                traits_words(&unused)
            )));
        }
        if ranged && s.ranged.dodge_counters > 0 && !(s.target.traits.dodge || s.target.traits.acrobat) {
            self.note(Note::ignored(format!(
                "{t_label} spends `dodge_counters` but its card lists neither `dodge` nor `acrobat` (Dodge is a trait, seed L1327; Acrobat gives it, L1188): the Dodge rolls are made as configured — add `dodge` to its traits"
            )));
        }
        let helpless = s.target_knocked_down || s.melee.paralyzed;
        if helpless && (s.melee.defense_counters > 0 || s.ranged.dodge_counters > 0 || s.ranged.elusive) {
            self.note(Note::ignored(format!(
                "{t_label} is {}: it cannot defend itself (seed L1908, L1914), so its Defense counters, Dodge and Elusive are not used",
                if s.target_knocked_down { "knocked down" } else { "paralyzed" }
            )));
        }
        if ranged && (s.weapon.traits.remote_controlled || s.weapon.traits.scope) && !s.ranged.obstacles.is_empty() {
            self.note(Note::ignored(format!(
                "`obstacles`{}: {w_label} is {} and ignores all Blink! rolls (seed L1822, L1826)",
                if s.ranged.cover { " and `cover`" } else { "" },
                if s.weapon.traits.remote_controlled { "Remote Controlled" } else { "a Scope weapon" }
            )));
        }
        if ranged && s.ranged.moved && s.weapon.traits.throwing {
            self.note(Note::ignored(format!(
                "`moved`: {w_label} is a Throwing weapon, its Rate of Fire does not drop after moving (seed L1838)"
            )));
        }
        if s.attacker.traits.blind && ranged {
            self.note(Note::ignored(format!(
                "{a_label} is Blind: a Blind character cannot attack with a distance weapon (seed L1872), so no impact dice are rolled"
            )));
        }
        if s.target.traits.blind && ranged && (s.ranged.dodge_counters > 0 || s.ranged.elusive) {
            self.note(Note::ignored(format!(
                "{t_label} is Blind: it cannot spend Movement counters (seed L1872), so no Dodge or Elusive"
            )));
        }
    }
}
