//! bmg-1e config: 2013 cards and weapons with traits, attacks, checks, round procedures,
//! action-counter exchanges, and one matchup under both editions.

use super::schema::{self, File};
use crate::analysis::scenario::Note;
use crate::analysis::scenario::{CellSpec, Kind, Layout};
use crate::config::ctx::{Built, Ctx, cell};
use crate::config::raw::FighterRef;
use crate::error::InputError;
use crate::systems::batman::schema as shared;
use crate::systems::batman::{self, Batman, Edition};
use crate::systems::bmg1e::rules::counters::{Exchange, Side, available, full_splits};
use crate::systems::bmg1e::rules::procedures::{
    Check, CheckKind, LetsGo, Movement, Recovery, Riddle, TakeTheLead, bag_counters, basic_move, pass_chances,
};
use crate::systems::bmg1e::rules::{
    Attack, AttackSetup, CHARACTER_TRAITS, Card, CharTraits, KevlarDrops, MeleeMods, RangedMods, Readings, RuleError,
    ScratchMode, SpecialAttack, Trial1e, WEAPON_TRAITS, Weapon, WeaponKind, WeaponTraits, counters_lost,
    loses_passive_traits, loses_passive_traits_when,
};
use crate::systems::bmg3e::rules as bmg3e;
use crate::systems::bmg3e::rules::Markers;
use crate::systems::bmg3e::rules::parse_damage;
use serde_json::json;
use std::ops::RangeInclusive;

type Cells = (Vec<CellSpec>, Layout);

/// One side of an exchange: the fighter, the splits to try, and its setup line.
type ExchangeSideSpec = (Side, Vec<(u8, u8)>, String);

/// How bmg-1e validates a card and a weapon as the shared Batman reader reads them.
const EDITION: Edition = Edition {
    card: |b, name, c, file| b.card_1e(name, c, file).map(|_| ()),
    weapon: |b, name, w, file| b.weapon_1e(name, w, file).map(|_| ()),
};

/// Read a bmg-1e scenario and build its cells (the system's [`crate::system::RuleSystem::build`]).
pub(crate) fn build(ctx: &mut Ctx, kind: Kind, text: &str, setup: &mut Vec<String>) -> Result<Built, InputError> {
    let (file, lib) = batman::read::<File>(ctx, kind, text, &EDITION)?;
    let b = Batman::new(ctx, lib);
    let readings = file.readings.read(&b)?;
    let (cells, layout) = b.build_1e(kind, &file, &readings, setup)?;
    Ok((cells, layout, schema::Readings::labels(&readings)))
}

const CARD_RANGES: [(&str, RangeInclusive<i64>); 7] = [
    ("willpower", 1..=12),
    ("movement", 0..=12),
    ("attack", 1..=10),
    ("defense", 1..=10),
    ("strength", 2..=6),
    ("endurance", 1..=15),
    ("special", 0..=8),
];

fn join(names: &[&str]) -> String {
    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// How a 2013 card reads in a report line.
fn card_text(c: &Card) -> String {
    format!(
        "W{} Mv{} A{} D{} S{}+ E{} Sp{}",
        c.willpower, c.movement, c.attack, c.defense, c.strength, c.endurance, c.special
    )
}

/// What a character can spend this round, for the counter budgets (issue #23): Willpower less one
/// counter per 2 markers (L332, L742, L744; *Insensitive*, *Sturdy*, *Weak*), none when K.O.
/// ("he loses all of its remaining Action Counters", L754).
struct Counters {
    n: u8,
    /// How the number comes about, e.g. "Willpower 3 − 2 for 4 markers = 1 counter".
    label: String,
}

impl Counters {
    fn of(c: &Card, m: Markers) -> Counters {
        let markers = m.stun + m.wounds;
        if markers >= c.endurance {
            return Counters { n: 0, label: "K.O. (L754: it lost all its Action Counters)".into() };
        }
        // A character cannot lose more counters than its Willpower (Weak loses one per marker,
        // L1700): the label subtracts what is really lost (issue #23 review, finding 9).
        let lost = counters_lost(c, markers).min(c.willpower);
        let n = available(c, m);
        let label = if lost == 0 {
            format!("Willpower {}", c.willpower)
        } else {
            format!(
                "Willpower {} − {lost} for {markers} marker{} = {n} counter{}",
                c.willpower,
                if markers == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" }
            )
        };
        Counters { n, label }
    }

    /// The budget that binds a slot of `slot` counters named `slot_label`: (its label, at most).
    fn binding(&self, slot_label: &str, slot: u8) -> Budget {
        if self.n < slot { (self.label.clone(), self.n) } else { (slot_label.to_string(), slot) }
    }
}

/// A budget that binds: its label ("Movement 3", "Willpower 2") and the most it allows.
type Budget = (String, u8);

/// One term of a spend: (what, how many, unit), e.g. `("dodge_counters", 3, "MC")`.
type Spend<'a> = (&'a str, u64, &'a str);

/// "a 3 + b 1 = 4 MC", "a 3 MC", or "a 3 AC + b 1 SC = 4 counters".
fn spend_text(terms: &[Spend]) -> String {
    let term = |(name, n, unit): &Spend, with_unit: bool| {
        let name = if name.is_empty() { String::new() } else { format!("{name} ") };
        if with_unit { format!("{name}{n} {unit}") } else { format!("{name}{n}") }
    };
    if terms.len() == 1 {
        return term(&terms[0], true);
    }
    let total: u64 = terms.iter().map(|t| t.1).sum();
    let same = terms.iter().all(|t| t.2 == terms[0].2);
    let parts: Vec<String> = terms.iter().map(|t| term(t, !same)).collect();
    format!("{} = {total} {}", parts.join(" + "), if same { terms[0].2 } else { "counters" })
}

impl Batman<'_> {
    /// A number of counters as the config gives it, to be refused against its real budget
    /// `max` (issue #23 review, finding 5: a first pass over a generic `0..=15` hid the budget
    /// for any value above 15). A negative value is out of `0..=max`; any other value is
    /// returned whole, however large, so that the caller's budget refusal names the value
    /// given and the characteristic that binds.
    fn counters_value(&self, path: &[&str], x: i64, max: u8, field: &str) -> Result<u64, InputError> {
        if x < 0 {
            return Err(self.err(0, path, format!("{field} {x} is out of range"), format!("0..={max}")));
        }
        Ok(x as u64)
    }

    /// A spend over its budget: "`label`: `spend`, allowed at most `max`", at the value `path`.
    fn over_budget(
        &self,
        path: &[&str],
        (label, max): &Budget,
        terms: &[Spend],
        allowed: impl Into<String>,
    ) -> InputError {
        self.err(0, path, format!("{label}: {}, allowed at most {max}", spend_text(terms)), allowed)
    }

    pub(crate) fn card_1e(&self, name: &str, c: &shared::Card, file: usize) -> Result<Card, InputError> {
        let v = |field: &'static str, x: i64| -> Result<u8, InputError> {
            let r = CARD_RANGES.iter().find(|(f, _)| *f == field).map(|(_, r)| r.clone()).expect("listed");
            self.int(file, &["cards", name, field], x, r, field).map(|x| x as u8)
        };
        let mut traits = CharTraits::default();
        for t in c.traits.iter().flatten() {
            if !traits.set(t) {
                return Err(self.err(
                    file,
                    &["cards", name, "traits"],
                    format!("unknown trait `{t}`"),
                    join(&CHARACTER_TRAITS),
                ));
            }
        }
        if let Some(r) = c.reputation {
            self.int(file, &["cards", name, "reputation"], r, 0..=2000, "reputation")?;
        }
        Ok(Card {
            willpower: v("willpower", c.willpower)?,
            movement: v(
                "movement",
                c.movement.ok_or_else(|| {
                    self.err(
                        file,
                        &["cards", name],
                        "a bmg-1e card needs `movement` (Movement counters, basic move bonus dice)",
                        "0..=12",
                    )
                })?,
            )?,
            attack: v("attack", c.attack)?,
            defense: v("defense", c.defense)?,
            strength: v("strength", c.strength)?,
            endurance: v("endurance", c.endurance)?,
            special: v("special", c.special)?,
            traits,
        })
    }

    pub(crate) fn weapon_1e(&self, name: &str, w: &shared::Weapon, file: usize) -> Result<Weapon, InputError> {
        let at = |field: &'static str| -> [&str; 3] { ["weapons", name, field] };
        let damage = parse_damage(&w.damage)
            .map_err(|m| self.err(file, &at("damage"), m, "1 to 6 markers: `★`/`s` (stun), `♦`/`w` (wound)"))?;
        let mut traits = WeaponTraits::default();
        for t in w.traits.iter().flatten() {
            if !traits.set(t) {
                return Err(self.err(file, &at("traits"), format!("unknown weapon trait `{t}`"), join(&WEAPON_TRAITS)));
            }
        }
        let kind = match w.kind.as_str() {
            "melee" => {
                if w.rate_of_fire.is_some() {
                    return Err(self.err(
                        file,
                        &at("rate_of_fire"),
                        "`rate_of_fire` applies to ranged weapons only",
                        "damage, traits, crt",
                    ));
                }
                WeaponKind::Melee
            }
            "ranged" => {
                let rof = w.rate_of_fire.ok_or_else(|| {
                    self.err(file, &["weapons", name], "a ranged weapon needs `rate_of_fire`", "1..=6")
                })?;
                WeaponKind::Ranged {
                    rate_of_fire: self.int(file, &at("rate_of_fire"), rof, 1..=6, "rate_of_fire")? as u8,
                }
            }
            other => {
                return Err(self.err(file, &at("kind"), format!("unknown weapon kind `{other}`"), "`melee`, `ranged`"));
            }
        };
        Ok(Weapon { kind, damage, traits, crt: w.crt.clone(), unarmed: false })
    }

    fn card1(&self, name: &str, at: &[&str]) -> Result<(Card, String), InputError> {
        match self.cards.get(name) {
            Some((c, file)) => Ok((self.card_1e(name, c, *file)?, c.name.clone().unwrap_or_else(|| name.to_string()))),
            None => Err(self.err(0, at, format!("unknown card `{name}`"), self.card_names())),
        }
    }

    /// Cards named in a procedure list (their traits act where the rules use them).
    fn card_list_1e(
        &self,
        names: &Option<Vec<String>>,
        field: &'static str,
    ) -> Result<Vec<(Card, String)>, InputError> {
        names.iter().flatten().map(|n| self.card1(n, &["procedure", field])).collect()
    }

    fn weapon1(&self, name: &str, at: &[&str]) -> Result<(Weapon, String), InputError> {
        match self.weapons.get(name) {
            Some((w, file)) => {
                Ok((self.weapon_1e(name, w, *file)?, w.name.clone().unwrap_or_else(|| name.to_string())))
            }
            None if name == "unarmed" => Ok((Weapon::unarmed(), "Unarmed".into())),
            None => {
                let mut names: Vec<String> = self.weapons.keys().map(|k| format!("`{k}`")).collect();
                names.push("`unarmed`".into());
                Err(self.err(0, at, format!("unknown weapon `{name}`"), names.join(", ")))
            }
        }
    }

    pub(crate) fn build_1e(
        &self,
        kind: Kind,
        f: &File,
        readings: &Readings,
        setup: &mut Vec<String>,
    ) -> Result<Cells, InputError> {
        match kind {
            Kind("attack") => {
                let a = self.section(&f.attack, "attack")?;
                let (s, lines) = self.attack_1e(&a, readings)?;
                *setup = lines;
                let attack = self.build_1e_attack(&s)?;
                Ok((vec![cell("attack", vec![], Trial1e::Attack(attack))], Layout::Single))
            }
            Kind("check") => self.check_1e(f, setup),
            Kind("procedure") => self.procedure_1e(f, setup),
            Kind("exchange") => self.exchange_1e(f, readings, setup),
            Kind("editions") => self.editions(f, readings, setup),
            Kind("duel") => self.duel_1e(f, readings, setup),
            _ => unreachable!("kinds_of(bmg-1e) lists only these"),
        }
    }

    fn build_1e_attack(&self, s: &AttackSetup) -> Result<Attack, InputError> {
        Attack::new(s)
            .map_err(|RuleError { field, message, allowed }| self.err(0, &["attack", field], message, allowed))
    }

    fn attack_1e(&self, a: &shared::Attack, readings: &Readings) -> Result<(AttackSetup, Vec<String>), InputError> {
        self.refuse_other_edition_attack(a, "attack")?;
        let need = |v: &Option<String>, field: &str| {
            v.clone().ok_or_else(|| self.err(0, &["attack"], format!("missing `{field}`"), self.card_names()))
        };
        let (attacker, a_label) = self.card1(&need(&a.attacker, "attacker")?, &["attack", "attacker"])?;
        let (target, t_label) = self.card1(&need(&a.target, "target")?, &["attack", "target"])?;
        let (weapon, w_label) = self.weapon1(a.weapon.as_deref().unwrap_or("unarmed"), &["attack", "weapon"])?;
        let (target_weapon, tw_label) =
            self.weapon1(a.target_weapon.as_deref().unwrap_or("unarmed"), &["attack", "target_weapon"])?;
        let ranged = matches!(weapon.kind, WeaponKind::Ranged { .. });
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
        let int = |field: &str, v: Option<i64>, default: i64, r: RangeInclusive<i64>| -> Result<u8, InputError> {
            match v {
                None => Ok(default as u8),
                Some(x) => self.int(0, &["attack", field], x, r, field).map(|x| x as u8),
            }
        };
        // Markers are refused by the rules against the target's Endurance (`Attack::new`), not
        // against a generic range: a value above Endurance is read as Endurance + 1, which the
        // rules refuse with the budget named (issue #23 review, finding 5).
        let marker = |field: &str, v: Option<i64>, max: u8| -> Result<u8, InputError> {
            v.map_or(Ok(0), |x| {
                self.counters_value(&["attack", field], x, max, field).map(|n| n.min(target.endurance as u64 + 1) as u8)
            })
        };
        let target_markers = Markers {
            stun: marker("target_stun", a.target_stun, target.endurance)?,
            wounds: marker("target_wounds", a.target_wounds, target.endurance.saturating_sub(1))?,
        };
        let mut attacker = attacker;
        let mut weapon = weapon;
        let t_counters = Counters::of(&target, target_markers);
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
        if a.within_5cm == Some(true) && !weapon.traits.light {
            return Err(self.err(
                0,
                &["attack", "within_5cm"],
                "a ranged weapon cannot target a model within 5 cm unless it is Light",
                "a `light` weapon (it then shoots with Rate of Fire 1), or within_5cm = false",
            ));
        }
        if a.elusive == Some(true) && !target.traits.elusive {
            return Err(self.err(
                0,
                &["attack", "elusive"],
                "only a target with the `elusive` trait can spend a counter on it",
                "add `elusive` to the target's traits, or omit",
            ));
        }
        let mut special_attack = self.special_attack_1e(a.special_attack.as_deref(), &attacker, &weapon, &a_label)?;
        if ranged && special_attack != SpecialAttack::None && !readings.special_attack_ranged {
            self.note(Note::ignored(format!(
                "special attack `{}` with a ranged weapon: the reading special_attack_ranged = false limits special attacks to close combat",
                special_attack.name()
            )));
        }
        // The target's counters (issue #23): Defense counters, or Movement counters for Dodge and
        // Elusive, within the slot and within what it has this round.
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
        // The attacker's counters: Willpower (a 2013 attack has no attacker markers).
        let a_counters = Counters::of(&attacker, Markers::default());
        let special_costs = special_attack != SpecialAttack::None && (!ranged || readings.special_attack_ranged);
        let special_explicit = special_costs && a.special_attack.is_some();
        let sc_slot = attacker.special_counters();
        let sa_name = special_attack.name();
        let mut sc_used: Vec<&'static str> = Vec::new();
        let attack_counters = if !ranged {
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
                        (
                            a_counters.binding("", u8::MAX),
                            vec![("attack_counters", ac.into(), "AC"), (sa_name, 1, "SC")],
                        )
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
                        "{a_label}'s special attack `{sa_name}` (1 SC) is not made: {} (L372: an action without its counters cannot be done); choose it with `special_attack` and fewer `attack_counters`",
                        if sc_slot == 0 {
                            "Special 0".to_string()
                        } else {
                            format!("{} leaves no counter for it after {ac} AC", a_counters.label)
                        }
                    )));
                    special_attack = SpecialAttack::None;
                }
            }
            explicit_ac.unwrap_or(attacker.attack.min(a_counters.n - sc_used.len() as u8))
        } else {
            // "Only one ranged weapon attack is allowed per activation and 2 AC must be spent" (L642).
            if attacker.attack.min(a_counters.n) < 2 {
                return Err(self.over_budget(
                    &["attack", "weapon"],
                    &a_counters.binding(&format!("Attack {}", attacker.attack), attacker.attack),
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
            // The SC options the config does not state, in this order, while Special counters are
            // left: the card's special attack, Rapid Fire (L1566), Expert Marksman (L1341, when it
            // changes a Blink! roll).
            // The Protective extra Blink! roll is lost with the target's passive traits (reading
            // `helpless_passive_traits`), and it takes Expert Marksman only under
            // `protective_blink_modifiers`.
            let protective_lost = loses_passive_traits_when(
                readings,
                a.target_knocked_down.unwrap_or(false),
                a.paralyzed.unwrap_or(false),
                target_markers.stun + target_markers.wounds >= target.endurance,
            );
            let blinks = !(weapon.traits.remote_controlled || weapon.traits.scope)
                && (!obstacles.is_empty()
                    || (target_weapon.traits.protective && readings.protective_blink_modifiers && !protective_lost));
            let options = [
                (sa_name, special_costs && !special_explicit),
                ("rapid_fire", attacker.traits.rapid_fire || weapon.traits.rapid_fire),
                ("expert_marksman", attacker.traits.expert_marksman && blinks),
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
                    "{a_label} cannot pay `{name}` (1 SC): {} and the shot's 2 AC leave {} Special counter{} for {} (L372: a special rule without its counters cannot be used)",
                    if sc_slot < a_counters.n.saturating_sub(2) { format!("Special {sc_slot}") } else { a_counters.label.clone() },
                    sc_left,
                    if sc_left == 1 { "" } else { "s" },
                    if sc_used.is_empty() { "nothing else".to_string() } else { format!("`{}`", sc_used.join("`, `")) }
                )));
                match name {
                    "rapid_fire" => {
                        attacker.traits.rapid_fire = false;
                        weapon.traits.rapid_fire = false;
                    }
                    "expert_marksman" => attacker.traits.expert_marksman = false,
                    _ => special_attack = SpecialAttack::None,
                }
            }
            0
        };
        let target_armor_spent = int("target_armor_spent", a.target_armor_spent, 0, 0..=3)?;
        if a.target_armor_spent.is_some() && !target.traits.power_armor {
            self.note(Note::ignored(format!(
                "`target_armor_spent`: {t_label} has no Power Armor (trait `power_armor`)"
            )));
        }
        let setup = AttackSetup {
            attacker: attacker.clone(),
            weapon: weapon.clone(),
            target: target.clone(),
            target_weapon,
            target_markers,
            target_knocked_down: a.target_knocked_down.unwrap_or(false),
            target_armor_spent,
            special_attack,
            melee: MeleeMods {
                attack_counters,
                defense_counters,
                numerical_inferiority: a.numerical_inferiority.unwrap_or(false),
                defensive_position: a.defensive_position.unwrap_or(false),
                paralyzed: a.paralyzed.unwrap_or(false),
            },
            ranged: RangedMods {
                moved: a.moved.unwrap_or(false),
                obstacles,
                cover: a.cover.unwrap_or(false),
                dodge_counters,
                elusive,
                paralyzed: a.paralyzed.unwrap_or(false),
                within_5cm: a.within_5cm.unwrap_or(false),
            },
            readings: *readings,
        };
        self.notes_attack_1e(&setup, &a_label, &t_label, &w_label);
        let traits_of = |c: &shared::Card| c.traits.clone().unwrap_or_default().join(", ");
        let raw_card = |n: &Option<String>| {
            n.as_ref().and_then(|n| self.cards.get(n)).map(|(c, _)| traits_of(c)).unwrap_or_default()
        };
        let mut lines = vec![
            format!("Attacker: {a_label} ({}){}", card_text(&attacker), bracket(&raw_card(&a.attacker))),
            format!(
                "Weapon: {w_label} ({}, {} per damage success{})",
                match weapon.kind {
                    WeaponKind::Melee => "melee".to_string(),
                    WeaponKind::Ranged { rate_of_fire } => format!("ranged, Rate of Fire {rate_of_fire}"),
                },
                setup_damage(&setup),
                self.weapons
                    .get(a.weapon.as_deref().unwrap_or(""))
                    .map(|(w, _)| bracket(&w.traits.clone().unwrap_or_default().join(", ")))
                    .unwrap_or_default()
            ),
            format!(
                "Target: {t_label} ({}){}, defending with {tw_label}{}",
                card_text(&target),
                bracket(&raw_card(&a.target)),
                if target_markers == Markers::default() {
                    String::new()
                } else {
                    format!(", starting with {target_markers}")
                }
            ),
        ];
        // Readings of issue #23 where they place this attack's numbers.
        if target_markers.stun + target_markers.wounds >= target.endurance {
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
            lines.push(format!(
                "{t_label} is K.O. (reading ko_target_fallen = {}): {}",
                readings.ko_target_fallen,
                if readings.ko_target_fallen {
                    "it lies on the ground (L754, L802) and is attacked as a fallen model, impacted on 2+ (L1908)"
                } else {
                    "it keeps its Defense; it has no counters to defend with (L754)"
                }
            ));
        }
        // The Blink! modifiers that apply here (L1343, L1450, L1614): a bonus to the shooter is
        // a higher number the target must roll.
        let blink_mods: Vec<(&str, i32)> = [
            ("Expert Marksman −1", setup.attacker.traits.expert_marksman, 1),
            ("Big −1", target.traits.big, 1),
            ("Small +1", target.traits.small, -1),
        ]
        .into_iter()
        .filter(|(_, on, _)| *on)
        .map(|(name, _, m)| (name, m))
        .collect();
        // A helpless target that loses its passive traits loses its weapon's Protective rule and
        // its Kevlar Vest too (`Attack::new`): no line then for readings that cannot act.
        let lost = loses_passive_traits(&setup);
        if ranged
            && setup.target_weapon.traits.protective
            && !lost
            && !(weapon.traits.remote_controlled || weapon.traits.scope)
            && !blink_mods.is_empty()
        {
            lines.push(format!(
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
            ));
        }
        if !lost {
            lines.extend(kevlar_line(readings, &setup.attacker, &weapon, &target));
        } else {
            let card_traits = target.traits.names();
            let passive: Vec<&str> = [
                "bat_armor_mk1",
                "bat_armor_mk2",
                "kevlar_vest",
                "power_armor",
                "tough_skin",
                "bulletproof_vest",
                "catcher_gear",
                "football_gear",
                "hockey_gear",
                "martial_artist",
            ]
            .into_iter()
            .filter(|n| card_traits.contains(n))
            .chain(setup.target_weapon.traits.protective.then_some("protective (weapon)"))
            .chain(setup.target_weapon.traits.defensive.then_some("defensive (weapon)"))
            .collect();
            if !passive.is_empty() {
                lines.push(format!(
                    "{t_label} is {} and loses its passive protective traits (reading helpless_passive_traits = {}; L1908, L1914): `{}`",
                    if setup.melee.paralyzed || setup.ranged.paralyzed {
                        "paralyzed"
                    } else if setup.target_knocked_down {
                        "knocked down"
                    } else {
                        "K.O. and lies on the ground"
                    },
                    schema::helpless_passive_traits::label(readings.helpless_passive_traits),
                    passive.join("`, `")
                ));
            }
        }
        if ranged {
            lines.push(format!(
                "Scratch (a basic rule of every distance weapon, seed L734; reading scratch_mode = {}): {}",
                schema::scratch_mode::label(readings.scratch_mode),
                match readings.scratch_mode {
                    ScratchMode::PerImpact => "every impact that reaches the damage roll adds one ★ to its damage",
                    ScratchMode::PerFailedImpact => "an impact whose damage die fails still inflicts one ★",
                    ScratchMode::PerAttack => "an attack with an impact and no damage success inflicts one ★",
                }
            ));
            lines.push(format!(
                "Shot: {} (2 AC per shot{}){}; obstacles {:?}{}{}",
                crate::text::plural(
                    Attack::new(&setup).map(|x| x.impact_dice as i64).unwrap_or(0),
                    "impact die",
                    "impact dice"
                ),
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
            ));
        } else {
            lines.push(format!(
                "Counters: attacker {} AC (strikes){}, target {} DC (block dice){}{}",
                setup.melee.attack_counters,
                if sc_used.is_empty() { String::new() } else { format!(" + 1 SC (`{}`)", sc_used.join("`, `")) },
                setup.melee.defense_counters,
                if setup.melee.numerical_inferiority { ", numerical inferiority" } else { "" },
                if setup.melee.defensive_position { ", defensive position" } else { "" }
            ));
        }
        Ok((setup, lines))
    }

    fn check_1e(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let c = self.section(&f.check, "check")?;
        for (field, set) in [
            ("characteristic", c.characteristic.is_some()),
            ("against", c.against.is_some()),
            ("ko", c.ko.is_some()),
            ("enemy_effort", c.enemy_effort.is_some()),
        ] {
            if set {
                return Err(self.err(
                    0,
                    &["check", field],
                    format!("`{field}` is a bmg-3e check field"),
                    "bmg-1e checks: model, type, value",
                ));
            }
        }
        let model = c.model.clone().ok_or_else(|| self.err(0, &["check"], "missing `model`", self.card_names()))?;
        let (card, label) = self.card1(&model, &["check", "model"])?;
        let type_name = c.kind.clone().unwrap_or_else(|| "willpower".into());
        let (kind, value, reroll, what) = match type_name.as_str() {
            "agility" => {
                (CheckKind::Agility, card.movement, card.traits.reflexes, "Agility: D6 ≤ Movement (Reflexes rerolls)")
            }
            "endurance" => (
                CheckKind::Endurance,
                card.endurance,
                card.traits.resilient,
                "Endurance: 2D6 ≤ Endurance (Resilient rerolls)",
            ),
            "willpower" => (
                CheckKind::Willpower,
                card.willpower,
                card.traits.leader,
                "Willpower: 2D6 ≤ Willpower (Leader rerolls; also the Run Away roll)",
            ),
            other => {
                return Err(self.err(
                    0,
                    &["check", "type"],
                    format!("unknown bmg-1e check `{other}`"),
                    "`agility`, `endurance`, `willpower`",
                ));
            }
        };
        let value = match c.value {
            Some(v) => self.int(0, &["check", "value"], v, 0..=15, "value")? as u8,
            None => value,
        };
        let reroll_trait = match kind {
            CheckKind::Agility => "reflexes",
            CheckKind::Endurance => "resilient",
            CheckKind::Willpower => "leader",
        };
        self.note_unused_traits_1e(&label, &card, &[reroll_trait], "this check");
        setup.push(format!("Model: {label} ({})", card_text(&card)));
        setup.push(format!("{what}; X = {value}{}", if reroll { "; a failure is rerolled" } else { "" }));
        Ok((vec![cell("check", vec![], Trial1e::Check(Check { kind, value, reroll }))], Layout::Single))
    }

    fn procedure_1e(&self, f: &File, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let p = self.section(&f.procedure, "procedure")?;
        let at = |field: &'static str| -> [&str; 2] { ["procedure", field] };
        let int =
            |field: &'static str, v: Option<i64>, default: i64, r: RangeInclusive<i64>| -> Result<u8, InputError> {
                self.int(0, &at(field), v.unwrap_or(default), r, field).map(|x| x as u8)
            };
        let model = |required: bool| -> Result<Option<(Card, String)>, InputError> {
            match &p.model {
                Some(m) => self.card1(m, &at("model")).map(Some),
                None if required => Err(self.err(0, &["procedure"], "this procedure needs `model`", self.card_names())),
                None => Ok(None),
            }
        };
        // Fields the procedure type does not read cannot change its numbers: say so.
        let fields: [(&str, bool); 25] = [
            ("model", p.model.is_some()),
            ("rounds", p.rounds.is_some()),
            ("a_mastermind", p.a_mastermind.is_some()),
            ("a_perfect_plan", p.a_perfect_plan.is_some()),
            ("a_kaos_agent", p.a_kaos_agent.is_some()),
            ("b_mastermind", p.b_mastermind.is_some()),
            ("b_perfect_plan", p.b_perfect_plan.is_some()),
            ("b_kaos_agent", p.b_kaos_agent.is_some()),
            ("a_cards", p.a_cards.is_some()),
            ("b_cards", p.b_cards.is_some()),
            ("henchmen", p.henchmen.is_some()),
            ("mob", p.mob.is_some()),
            ("cards", p.cards.is_some()),
            ("sidekick_reroll", p.sidekick_reroll.is_some()),
            ("movement_counters", p.movement_counters.is_some()),
            ("run", p.run.is_some()),
            ("target_cm", p.target_cm.is_some()),
            ("stun", p.stun.is_some()),
            ("unspent_special", p.unspent_special.is_some()),
            ("ko", p.ko.is_some()),
            ("named", p.named.is_some()),
            ("own_characters", p.own_characters.is_some()),
            ("enemy_characters", p.enemy_characters.is_some()),
            ("informer", p.informer.is_some()),
            ("own_cards", p.own_cards.is_some() || p.enemy_cards.is_some() || p.enemy_detective.is_some()),
        ];
        let reads: &[&str] = match p.kind.as_str() {
            "take-the-lead" => &[
                "rounds",
                "a_mastermind",
                "a_perfect_plan",
                "a_kaos_agent",
                "b_mastermind",
                "b_perfect_plan",
                "b_kaos_agent",
                "a_cards",
                "b_cards",
            ],
            "lets-go" => &["henchmen", "mob", "cards", "sidekick_reroll"],
            "movement" => &["model", "movement_counters", "run", "target_cm"],
            "recovery" => &["model", "stun", "unspent_special", "ko"],
            "riddle" => &["named"],
            "passing" => &["own_characters", "enemy_characters", "informer", "own_cards"],
            _ => &[],
        };
        let unread: Vec<&str> = fields.iter().filter(|(f, set)| *set && !reads.contains(f)).map(|(f, _)| *f).collect();
        if !unread.is_empty() && !reads.is_empty() {
            self.note(Note::ignored(format!(
                "procedure `{}` does not read `{}`",
                p.kind,
                unread.join("`, `").replace("own_cards", "own_cards/enemy_cards/enemy_detective")
            )));
        }
        let flag = |b: Option<bool>| b.unwrap_or(false);
        let count = |cs: &[(Card, String)], t: &str| cs.iter().filter(|(c, _)| c.traits.has(t)).count() as u8;
        let trial = match p.kind.as_str() {
            "take-the-lead" => {
                let rounds = int("rounds", p.rounds, 6, 2..=20)?;
                if rounds % 2 == 1 {
                    return Err(self.err(
                        0,
                        &at("rounds"),
                        format!("{rounds} rounds cannot be split equally between two players"),
                        "an even number 2..=20",
                    ));
                }
                let a_cards = self.card_list_1e(&p.a_cards, "a_cards")?;
                let b_cards = self.card_list_1e(&p.b_cards, "b_cards")?;
                let used = ["mastermind", "kaos_agent", "perfect_plan"];
                for (c, l) in a_cards.iter().chain(&b_cards) {
                    self.note_unused_traits_1e(l, c, &used, "the Take-the-Lead bag");
                }
                let pp = |f: Option<bool>, cs: &[(Card, String)]| flag(f) || count(cs, "perfect_plan") > 0;
                let (a_pp, b_pp) = (pp(p.a_perfect_plan, &a_cards), pp(p.b_perfect_plan, &b_cards));
                if count(&a_cards, "perfect_plan") + count(&b_cards, "perfect_plan") > 0 {
                    self.note(Note::ignored(
                        "`perfect_plan` on a card: Perfect Plan is a band strategy (3 strategy points, seed L1040), not a character trait; it is read as that band having chosen the strategy (+1 counter, once per band)",
                    ));
                }
                let a_mm = (flag(p.a_mastermind) as u8).max(count(&a_cards, "mastermind"));
                let b_mm = (flag(p.b_mastermind) as u8).max(count(&b_cards, "mastermind"));
                let a_ka = (flag(p.a_kaos_agent) as u8).max(count(&a_cards, "kaos_agent"));
                let b_ka = (flag(p.b_kaos_agent) as u8).max(count(&b_cards, "kaos_agent"));
                let a = bag_counters(rounds / 2, a_mm, a_pp, b_ka);
                let b = bag_counters(rounds / 2, b_mm, b_pp, a_ka);
                setup.push(format!("Take the Lead bag for {rounds} rounds: player A {a} counters, player B {b} counters ({} each, +1 per Mastermind, +1 Perfect Plan, −1 per enemy Kaos Agent)", rounds / 2));
                setup.push(format!(
                    "Each round one counter is drawn; its owner leads; the game ends when the bag is empty, and after round {rounds} even with counters left (seed L316): {} rounds",
                    (a + b).min(rounds)
                ));
                Trial1e::TakeTheLead(TakeTheLead { a, b, rounds })
            }
            "lets-go" => {
                let n = int("henchmen", p.henchmen, 3, 1..=20)?;
                let cards = self.card_list_1e(&p.cards, "cards")?;
                for (c, l) in &cards {
                    self.note_unused_traits_1e(l, c, &["mob"], "Let's Go! rolls");
                }
                let mob = flag(p.mob) || count(&cards, "mob") > 0;
                let sidekick = flag(p.sidekick_reroll);
                setup.push(format!(
                    "Let's Go!: {n} more henchmen can join; 4+ then +1 per further use, a 6 always succeeds{}{}",
                    if mob { "; Mob +1 to the roll" } else { "" },
                    if sidekick { "; Sidekick within 20 cm: a failed roll is rerolled" } else { "" }
                ));
                self.note(Note::not_modelled(
                    "Let's Go! costs 1 SC per use (seed L1464; free within 10 cm of the Leader, L1460): the chain assumes every henchman can pay it",
                ));
                Trial1e::LetsGo(LetsGo { available: n, mob, sidekick_reroll: sidekick })
            }
            "movement" => {
                let (card, label) = model(true)?.expect("required");
                let run = p.run.unwrap_or(false);
                // Running costs 1 MC + 1 SC (seed L468): that MC rolls no die. Budgets (issue #23):
                // MC ≤ Movement (L344), SC ≤ Special (L362), all ≤ Willpower (L326).
                let w = Counters::of(&card, Markers::default());
                if run && (card.special_counters() == 0 || card.movement == 0 || w.n < 2) {
                    let (label, terms): (Budget, Vec<Spend>) = if card.special_counters() == 0 {
                        (("Special 0".into(), 0), vec![("Run", 1, "SC (L468)")])
                    } else if card.movement == 0 {
                        (("Movement 0".into(), 0), vec![("Run", 1, "MC (L468)")])
                    } else {
                        ((w.label.clone(), w.n), vec![("Run", 1, "MC"), ("", 1, "SC")])
                    };
                    return Err(self.over_budget(
                        &at("run"),
                        &label,
                        &terms,
                        "run = false, or a model with Movement ≥ 1, Special ≥ 1 and Willpower ≥ 2",
                    ));
                }
                let most = card.movement.saturating_sub(run as u8).min(w.n - 2 * run as u8);
                let mc = match p.movement_counters {
                    None => most as u64,
                    Some(x) => {
                        self.counters_value(&at("movement_counters"), x, card.movement.min(w.n), "movement_counters")?
                    }
                };
                if mc > card.movement as u64 || (!run && mc > w.n as u64) {
                    return Err(self.over_budget(
                        &at("movement_counters"),
                        &w.binding(&format!("Movement {}", card.movement), card.movement),
                        &[("movement_counters", mc, "MC")],
                        format!("0..={}", card.movement.min(w.n)),
                    ));
                }
                let mut mc = mc as u8;
                // `movement_counters` are the dice; while running, Movement counters are read as
                // the whole slot, the Run's included (a note says so).
                let slot = run && mc > card.movement - 1;
                if run && mc + 1 + (!slot) as u8 > w.n {
                    let terms: Vec<Spend> = if slot {
                        vec![("movement_counters", mc.into(), "MC (the Run's included)"), ("Run", 1, "SC")]
                    } else {
                        vec![("movement_counters", mc.into(), "MC"), ("Run", 1, "MC"), ("", 1, "SC")]
                    };
                    return Err(self.over_budget(
                        &at("movement_counters"),
                        &(w.label.clone(), w.n),
                        &terms,
                        format!("0..={} while running", w.n - 2),
                    ));
                }
                if slot {
                    self.note(Note::ignored(format!(
                        "movement_counters = {mc} while running: 1 of {label}'s {} Movement counters pays for the Run (1 MC + 1 SC, seed L468), so {} roll dice",
                        card.movement,
                        card.movement - 1
                    )));
                    mc = card.movement - 1;
                }
                let target = self.int(0, &at("target_cm"), p.target_cm.unwrap_or(0), 0..=200, "target_cm")? as u16;
                let basic = basic_move(card.traits.acrobat, card.traits.big, card.traits.small);
                self.note_unused_traits_1e(&label, &card, &["acrobat", "big", "small", "fast"], "a movement");
                setup.push(format!(
                    "Model: {label} ({}), basic move {basic} cm{}",
                    card_text(&card),
                    if card.traits.fast { ", Fast (rerolls the dice sum once when short)" } else { "" }
                ));
                setup.push(format!(
                    "{mc} Movement counters rolled as D6 each{}{}",
                    if run { "; running (2 × basic, 1 MC + 1 SC)" } else { "" },
                    if target > 0 { format!("; target {target} cm") } else { String::new() }
                ));
                Trial1e::Movement(Movement { basic, mc_dice: mc, fast: card.traits.fast, run, target })
            }
            "recovery" => {
                let (card, label) = model(true)?.expect("required");
                let stun = int("stun", p.stun, 1, 0..=card.endurance as i64)?;
                // L752: "As soon as a character accumulates as many Damage Markers as its own
                // Endurance value, they will immediately become K.O." As in an attack, where
                // markers ≥ Endurance make the target K.O. whatever else is set, `stun` =
                // Endurance is K.O.: `ko` may be omitted, and `ko = false` contradicts it
                // (issue #23 review, finding 6).
                if p.ko == Some(false) && stun >= card.endurance {
                    return Err(self.err(
                        0,
                        &at("ko"),
                        format!(
                            "{label} with {stun} ★ = Endurance {} is K.O. (L752: as many Damage Markers as its Endurance), not `ko = false`",
                            card.endurance
                        ),
                        format!("ko = true (or omit it), or stun ≤ {}", card.endurance - 1),
                    ));
                }
                let ko = p.ko.unwrap_or(stun >= card.endurance);
                // One more die "per available SC" (L798): at most Special (L362, Scientific 4),
                // at most the counters it has with its ★ (L742, L744), none when K.O. (L754).
                let w = if ko {
                    Counters { n: 0, label: "K.O. (L754: it lost all its Action Counters)".into() }
                } else {
                    Counters::of(&card, Markers { stun, wounds: 0 })
                };
                let slot = card.special_counters();
                let sc = p.unspent_special.map_or(Ok(0), |x| {
                    self.counters_value(&at("unspent_special"), x, slot.min(w.n), "unspent_special")
                })?;
                if sc > slot.min(w.n) as u64 {
                    return Err(self.over_budget(
                        &at("unspent_special"),
                        &w.binding(&format!("Special {slot}"), slot),
                        &[("unspent_special", sc, "SC")],
                        format!("0..={}", slot.min(w.n)),
                    ));
                }
                let sc = sc as u8;
                let mut used = vec!["scientific"];
                if ko {
                    used.push("resilient");
                }
                self.note_unused_traits_1e(&label, &card, &used, "a recovery roll");
                if card.traits.scientific && card.special != 4 {
                    self.note(Note::ignored(format!(
                        "{label}'s `special` = {} is read as 4: Scientific makes the Special characteristic 4 (seed L1596)",
                        card.special
                    )));
                }
                if card.traits.power_armor {
                    self.note(Note::not_modelled(format!(
                        "{label}'s Power Armor repair (2 SC instead of the Recovery Roll, seed L1544) is not chosen here: the recovery roll is made"
                    )));
                }
                setup.push(format!(
                    "Model: {label} ({}) with {stun} ★{}",
                    card_text(&card),
                    if ko { ", K.O.: an Endurance roll removes one ★" } else { "" }
                ));
                if !ko {
                    setup.push(format!("Recovery: 1 + {sc} dice (unspent Special counters), each 4+ removes one ★"));
                }
                Trial1e::Recovery(Recovery {
                    stun,
                    unspent_special: sc,
                    ko,
                    endurance: card.endurance,
                    resilient: card.traits.resilient,
                })
            }
            "riddle" => {
                let named = int("named", p.named, 0, 0..=6)?;
                setup.push(format!(
                    "Riddle: the opponent names {}; equal → 3 VP, off by one → the riddle stays, otherwise 1 VP",
                    if named == 0 { "a number at random".to_string() } else { named.to_string() }
                ));
                Trial1e::Riddle(Riddle { named })
            }
            "passing" => {
                let own_cards = self.card_list_1e(&p.own_cards, "own_cards")?;
                let enemy_cards = self.card_list_1e(&p.enemy_cards, "enemy_cards")?;
                for (c, l) in &own_cards {
                    self.note_unused_traits_1e(l, c, &["informer"], "its own band's passes");
                }
                for (c, l) in &enemy_cards {
                    self.note_unused_traits_1e(l, c, &["detective"], "the passes of the band it faces");
                }
                let own = int("own_characters", p.own_characters, own_cards.len().max(1) as i64, 0..=30)?;
                let enemy = int("enemy_characters", p.enemy_characters, enemy_cards.len().max(1) as i64, 0..=30)?;
                let informers = (flag(p.informer) as u8).max(count(&own_cards, "informer"));
                let detectives = (flag(p.enemy_detective) as u8).max(count(&enemy_cards, "detective"));
                let passes = pass_chances(own, enemy, informers, detectives);
                setup.push(format!(
                    "Passing: {own} own vs {enemy} enemy non-K.O. characters{}{} → {passes} pass(es) this round, never more than two in a row",
                    if informers > 0 { format!(", Informer +{informers}") } else { String::new() },
                    if detectives > 0 { format!(", enemy Detective −{detectives}") } else { String::new() }
                ));
                // A deterministic rule: the "roll" always gives the same count.
                Trial1e::Passing(passes)
            }
            other => {
                return Err(self.err(
                    0,
                    &at("type"),
                    format!("unknown procedure `{other}`"),
                    "`take-the-lead`, `lets-go`, `movement`, `recovery`, `riddle`, `passing`",
                ));
            }
        };
        Ok((vec![cell(&p.kind, vec![], trial)], Layout::Single))
    }

    fn exchange_1e(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let x = self.section(&f.exchange, "exchange")?;
        let objective = match x.objective.as_deref().unwrap_or("a_ahead") {
            "a_ahead" => "a_ahead",
            "b_down" => "b_down",
            "net" => "net",
            other => {
                return Err(self.err(
                    0,
                    &["exchange", "objective"],
                    format!("unknown objective `{other}`"),
                    "`a_ahead` (B down, A standing), `b_down`, `net` (markers dealt − taken)",
                ));
            }
        };
        let side = |s: &schema::ExchangeSide, name: &'static str| -> Result<ExchangeSideSpec, InputError> {
            let (card, label) = self.card1(&s.card, &["exchange", name, "card"])?;
            let (weapon, w_label) =
                self.weapon1(s.weapon.as_deref().unwrap_or("unarmed"), &["exchange", name, "weapon"])?;
            if !matches!(weapon.kind, WeaponKind::Melee) {
                return Err(self.err(
                    0,
                    &["exchange", name, "weapon"],
                    "an exchange is fought in melee",
                    "a melee weapon or `unarmed`",
                ));
            }
            let markers = Markers {
                stun: self.int(
                    0,
                    &["exchange", name, "stun"],
                    s.stun.unwrap_or(0),
                    0..=card.endurance as i64 - 1,
                    "stun",
                )? as u8,
                wounds: self.int(
                    0,
                    &["exchange", name, "wounds"],
                    s.wounds.unwrap_or(0),
                    0..=card.endurance as i64 - 1,
                    "wounds",
                )? as u8,
            };
            if markers.stun + markers.wounds >= card.endurance {
                return Err(self.err(
                    0,
                    &["exchange", name],
                    "this fighter starts K.O.",
                    format!("stun + wounds < {}", card.endurance),
                ));
            }
            let avail = available(&card, markers);
            let splits = match &s.split {
                Some(v) => {
                    if v.len() != 2 {
                        return Err(self.err(
                            0,
                            &["exchange", name, "split"],
                            format!("{} numbers", v.len()),
                            "[attack counters, defense counters]",
                        ));
                    }
                    let ac = self.int(
                        0,
                        &["exchange", name, "split"],
                        v[0],
                        0..=card.attack.min(avail) as i64,
                        "attack counters",
                    )? as u8;
                    let dc = self.int(
                        0,
                        &["exchange", name, "split"],
                        v[1],
                        0..=card.defense.min(avail - ac) as i64,
                        "defense counters",
                    )? as u8;
                    vec![(ac, dc)]
                }
                None => full_splits(&card, avail),
            };
            let line = format!(
                "{}: {label} ({}) with {w_label}, {avail} counters available{}",
                name.to_uppercase(),
                card_text(&card),
                if s.split.is_some() {
                    format!(", split AC {} / DC {}", splits[0].0, splits[0].1)
                } else {
                    format!(", every full split tried: {splits:?}")
                }
            );
            let special = self.special_attack_1e(None, &card, &weapon, &label)?;
            self.note_unused_traits_1e(&label, &card, &melee_fighter_traits(false), "this exchange's numbers");
            Ok((Side { card, weapon, markers, split: (0, 0), special }, splits, line))
        };
        let (a, a_splits, a_line) = side(&x.a, "a")?;
        let (b, b_splits, b_line) = side(&x.b, "b")?;
        setup.push(a_line);
        setup.push(b_line);
        setup.extend(kevlar_line(readings, &a.card, &a.weapon, &b.card));
        setup.extend(kevlar_line(readings, &b.card, &b.weapon, &a.card));
        setup.push("A attacks with its AC against B's DC; B, if not down, loses counters for the markers taken (unspent ones first, then AC) and strikes back against A's DC".into());
        setup.push("Counters beyond AC and DC go on Special first (a special attack costs 1 SC), then Movement; if A's collateral die knocks B down, B must spend 1 MC to stand up before it can strike back (seed L476, L1908; Acrobat free)".into());
        let mut cells = Vec::new();
        for &sa in &a_splits {
            for &sb in &b_splits {
                let ex = Exchange::new(&Side { split: sa, ..a.clone() }, &Side { split: sb, ..b.clone() }, *readings)
                    .map_err(|e| self.err(0, &["exchange"], e.message, e.allowed))?;
                cells.push(cell(
                    &format!("A {}/{} vs B {}/{}", sa.0, sa.1, sb.0, sb.1),
                    vec![
                        ("a_ac".into(), json!(sa.0)),
                        ("a_dc".into(), json!(sa.1)),
                        ("b_ac".into(), json!(sb.0)),
                        ("b_dc".into(), json!(sb.1)),
                    ],
                    Trial1e::Exchange(ex),
                ));
            }
        }
        Ok((cells, Layout::own(super::report::Layout1e::Exchange { a_splits, b_splits, objective })))
    }

    fn duel_1e(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        use crate::systems::bmg1e::rules::duel::{Duel, Fighter, Policy};
        let d = self.section(&f.duel, "duel")?;
        let rounds = self.rounds(d.rounds, "duel")?;
        let mut side = |r: &FighterRef, name: &'static str| -> Result<(Fighter, String), InputError> {
            if r.guard.is_some() {
                return Err(self.err(
                    0,
                    &["duel", name, "guard"],
                    "`guard` is a Wolsung fighter field",
                    "bmg-1e fighters: card, weapon, effort (counter split), stun, wounds, label",
                ));
            }
            let (card, c_label) = self.card1(&r.card, &["duel", name, "card"])?;
            let (weapon, w_label) =
                self.weapon1(r.weapon.as_deref().unwrap_or("unarmed"), &["duel", name, "weapon"])?;
            if !matches!(weapon.kind, WeaponKind::Melee) {
                return Err(self.err(
                    0,
                    &["duel", name, "weapon"],
                    "a 2013 duel is fought in melee",
                    "a melee weapon or `unarmed`",
                ));
            }
            let split_name = r.effort.clone().unwrap_or_else(|| "attack_first".into());
            let split = Policy::parse(&split_name).ok_or_else(|| {
                self.err(
                    0,
                    &["duel", name, "effort"],
                    format!("unknown counter split `{split_name}`"),
                    "`attack_first`, `balanced`, `defend_first`, `optimal-win` (the split that wins the duel most in every situation, solved exactly)",
                )
            })?;
            let e = card.endurance as i64;
            let start = Markers {
                stun: self.int(0, &["duel", name, "stun"], r.stun.unwrap_or(0), 0..=e - 1, "stun")? as u8,
                wounds: self.int(0, &["duel", name, "wounds"], r.wounds.unwrap_or(0), 0..=e - 1, "wounds")? as u8,
            };
            if start.stun + start.wounds >= card.endurance {
                return Err(self.err(
                    0,
                    &["duel", name],
                    "this fighter starts K.O.",
                    format!("stun + wounds < {}", card.endurance),
                ));
            }
            let label = r.label.clone().unwrap_or_else(|| format!("{c_label} + {w_label}"));
            setup.push(format!(
                "{} — {label} ({}), counters split `{split_name}`",
                name.to_uppercase(),
                card_text(&card)
            ));
            let special = self.special_attack_1e(None, &card, &weapon, &c_label)?;
            self.note_unused_traits_1e(&c_label, &card, &melee_fighter_traits(true), "this duel's numbers");
            if card.traits.informer {
                self.note(Note::not_modelled(format!(
                    "{c_label}'s Informer pass (seed L1412): in the duel the leader always activates first"
                )));
            }
            if card.traits.perfect_plan {
                self.note(Note::ignored(format!(
                    "{c_label}'s `perfect_plan`: Perfect Plan is a band strategy (seed L1040), not a character trait; read as its side having chosen it (+1 Take-the-Lead counter)"
                )));
            }
            let perfect_plan = card.traits.perfect_plan;
            Ok((Fighter { card, weapon, start, split, special, perfect_plan }, label))
        };
        let (a, a_label) = side(&d.a, "a")?;
        let (b, b_label) = side(&d.b, "b")?;
        setup.extend(kevlar_line(readings, &a.card, &a.weapon, &b.card));
        setup.extend(kevlar_line(readings, &b.card, &b.weapon, &a.card));
        let duel = Duel::new(a, b, rounds, *readings).map_err(|e| self.err(0, &["duel"], e.message, e.allowed))?;
        // An `optimal-win` fighter follows the exact solve's plan: estimated here (cheaply),
        // solved only when the run starts.
        if let Err(over) = crate::systems::bmg1e::rules::duel::exact::plan_within_budget(&duel) {
            let side = if duel.fighter(0).split == Policy::OptimalWin { "a" } else { "b" };
            return Err(self.err(
                0,
                &["duel", side, "effort"],
                format!("`optimal-win` plans the counter split by solving the duel exactly, and {over}"),
                "a fixed split (`attack_first`, `balanced`, `defend_first`), or fewer rounds or smaller cards for `optimal-win`",
            ));
        }
        let bag = duel.bag();
        setup.push(format!("{rounds} rounds at most: the Take-the-Lead bag ({} for A, {} for B: ⌈rounds/2⌉ each, +1 Mastermind / Perfect Plan, −1 enemy Kaos Agent) picks the leader, and the game ends when it is empty; counters each round (one lost per 2 markers); the leader attacks, the other strikes back with the counters it has left; Casualty Recount", bag[0], bag[1]));
        setup.push("Knock-down: a fallen fighter cannot block and is impacted on 2+; it puts 1 Movement counter aside at Raise a Plan and stands up with it in its activation before attacking (seed L476, L1908; Acrobat free). Power Armor ignores 3 markers in total, then is repaired with 2 SC instead of the Recovery Roll by a fighter that stands (a fallen one cannot use a special ability, L1908). A special attack costs 1 SC; counters beyond AC and DC go on Special first".into());
        if (bag[0] as u16 + bag[1] as u16) < rounds as u16 {
            self.note(Note::ignored(format!(
                "rounds = {rounds}: the Take-the-Lead bag holds only {} counters, so the duel lasts at most {} rounds (seed L316, L1430)",
                bag[0] + bag[1],
                bag[0] + bag[1]
            )));
        }
        Ok(crate::config::ctx::duel_cell(a_label, b_label, Trial1e::Duel(duel)))
    }

    fn editions(&self, f: &File, readings: &Readings, setup: &mut Vec<String>) -> Result<Cells, InputError> {
        let e = self.section(&f.editions, "editions")?;
        let mut base = f.attack.clone().unwrap_or_default();
        for (field, set) in [
            ("attacker", base.attacker.is_some()),
            ("weapon", base.weapon.is_some()),
            ("target", base.target.is_some()),
            ("target_weapon", base.target_weapon.is_some()),
        ] {
            if set {
                return Err(self.err(
                    0,
                    &["attack", field],
                    "in an edition comparison the matchup comes from [editions]",
                    "omit it here",
                ));
            }
        }
        base.attacker = Some(e.attacker.clone());
        base.weapon = e.weapon.clone();
        base.target = Some(e.target.clone());
        base.target_weapon = e.target_weapon.clone();
        let (s1, lines) = self.attack_1e(&base, readings)?;
        let a1 = self.build_1e_attack(&s1)?;
        let to3 = |c: &Card| bmg3e::Profile {
            attack: c.attack,
            defense: c.defense.clamp(1, 6),
            strength: c.strength,
            willpower: c.endurance,
            endurance: c.endurance,
            special: c.special.max(1),
            movement: c.movement,
        };
        let w = &s1.weapon;
        let weapon3 = bmg3e::Weapon {
            kind: match w.kind {
                WeaponKind::Melee => bmg3e::WeaponKind::Melee { strength_bonus: w.traits.heavy as i8 },
                WeaponKind::Ranged { rate_of_fire } => bmg3e::WeaponKind::Ranged {
                    rate_of_fire,
                    strength: if w.traits.firearm {
                        2
                    } else if w.traits.mechanic {
                        3
                    } else {
                        s1.attacker.strength
                    },
                },
            },
            damage: if w.unarmed && s1.attacker.traits.reinforced_gloves {
                Markers { stun: 2, wounds: 0 }
            } else {
                w.damage
            },
            crt: w.crt.clone(),
        };
        let s3 = bmg3e::AttackSetup {
            attacker: to3(&s1.attacker),
            attacker_markers: Markers::default(),
            weapon: weapon3,
            target: to3(&s1.target),
            target_markers: s1.target_markers,
            defense_mod: 0,
            melee: bmg3e::MeleeMods {
                enemies_in_contact: if s1.melee.numerical_inferiority { 2 } else { 1 },
                ..Default::default()
            },
            ranged: bmg3e::RangedMods { moved: s1.ranged.moved, cover: s1.ranged.cover, ..Default::default() },
            readings: bmg3e::Readings { block_natural_six: readings.block_natural_six, ..Default::default() },
        };
        let a3 = bmg3e::Attack::new(&s3)
            .map_err(|e| self.err(0, &["editions"], format!("the bmg-3e side: {}", e.message), e.allowed))?;
        *setup = lines;
        setup.push("Mapping to bmg-3e: Attack, Defense, Strength, Special and Movement carry over; 2013 Endurance (K.O. at that many markers) becomes both Willpower (K.O. at that many ★) and Endurance (casualty at that many ♦); a Heavy weapon becomes Strength +1; a ranged weapon keeps its Rate of Fire and shoots at the attacker's Strength (Firearm 2+, Mechanic 3+); no effort in 2019; numerical inferiority becomes 2 enemies in contact; moved and cover carry over, obstacles (Blink!) have no 2019 counterpart; 2013 hits are damage successes, 2019 hits are hits after blocks".into());
        Ok((
            vec![
                cell("bmg-1e", vec![("edition".into(), json!("bmg-1e"))], Trial1e::Attack(a1)),
                cell(
                    "bmg-3e",
                    vec![("edition".into(), json!("bmg-3e"))],
                    crate::systems::bmg3e::rules::Trial3e::Attack(a3),
                ),
            ],
            Layout::own(super::report::Layout1e::Editions),
        ))
    }
}

fn bracket(s: &str) -> String {
    if s.is_empty() { String::new() } else { format!(" [{s}]") }
}

/// The setup line for the reading `kevlar_drops` when it places numbers: a Kevlar Vest on
/// `target` against an attacker's weapon that inflicts both ★ and ♦.
fn kevlar_line(readings: &Readings, attacker: &Card, weapon: &Weapon, target: &Card) -> Option<String> {
    let dmg = if weapon.unarmed && (attacker.traits.reinforced_gloves || attacker.traits.retractable_claws) {
        Markers { stun: 2, wounds: 0 }
    } else {
        weapon.damage
    };
    (target.traits.kevlar_vest && dmg.stun > 0 && dmg.wounds > 0).then(|| {
        format!(
            "Kevlar Vest against {dmg} (L1434; reading kevlar_drops = {}): it drops one {} per damage success",
            schema::kevlar_drops::label(readings.kevlar_drops),
            if readings.kevlar_drops == KevlarDrops::Wound { "♦" } else { "★" }
        )
    })
}

fn setup_damage(s: &AttackSetup) -> Markers {
    if s.weapon.unarmed && s.attacker.traits.reinforced_gloves {
        Markers { stun: 2, wounds: 0 }
    } else {
        s.weapon.damage
    }
}

/// Where a character trait acts in the rules (seed lines), for the notes on traits that cannot
/// change a scenario's numbers.
fn trait_rule(name: &str) -> &'static str {
    match name {
        "insensitive" => "action counters lost to damage, L1416",
        "sturdy" => "action counters lost to damage, L1638",
        "weak" => "action counters lost to damage, L1700",
        "combo" => "melee strikes, L1283",
        "sustained_defense" => "block dice, L1646",
        "martial_artist" => "Numerical Inferiority when it is the outnumbered model, L1482",
        "weapon_master" => "impact rolls with a weapon, L1704",
        "masterfighter" => "unarmed impact rolls, L1486",
        "precise_blow" => "a special attack, L1752",
        "devastating_blow" => "a special attack, L1736",
        "blind" => "impact and block rolls, Dodge, L1872",
        "one_armed" => "block rolls, L1516",
        "bat_armor_mk1" | "bat_armor_mk2" => "impacts it suffers, L1216–1220",
        "tough_skin" => "damage rolls against it, L1676",
        "bulletproof_vest" => "Firearm damage rolls against it, L1257",
        "kevlar_vest" => "damage markers it receives, L1434",
        "power_armor" => "damage markers it receives, L1544",
        "obsessive" => "its damage rolls, L1512",
        "reinforced_gloves" => "unarmed damage, L1576",
        "retractable_claws" => "unarmed damage, L1584",
        "big" => "knock-down, Tough, Blink!, basic move, L1450",
        "small" => "Blink! rolls, basic move, L1614",
        "expert_marksman" => "its targets' Blink! rolls, L1343",
        "shooter" => "Blink! obstacles of its shots, L1606",
        "master_marksman" => "ranged impact rolls, L1490",
        "elusive" => "Defense against ranged attacks, L1339",
        "dodge" => "ranged impacts, L1327",
        "reflexes" => "Agility rolls (Dodge included), L1572",
        "resilient" => "Endurance rolls, L1580",
        "leader" => "Willpower rolls, L1460",
        "fast" => "movement dice, L1355",
        "acrobat" => "basic move, standing up, Dodge, L1188",
        "scientific" => "Special counters (4) for recovery, L1596",
        "mastermind" => "the Take-the-Lead bag, L1494",
        "kaos_agent" => "the enemy's Take-the-Lead counters, L1430",
        "perfect_plan" => "the Take-the-Lead bag (a strategy, L1040)",
        "mob" => "Let's Go! rolls, L1498",
        "informer" => "Passing, L1412",
        "detective" => "the enemy's Passing, L1307",
        "mobster" => "strikes against an outnumbered target, L1502",
        "rapid_fire" => "Rate of Fire of its ranged weapons, L1568",
        "catcher_gear" => "Tough against it, L1265",
        "football_gear" => "Tough and Sharp against it, L1372",
        "hockey_gear" => "Sharp against it, L1404",
        _ => "",
    }
}

/// Traits of an attacker that can change a melee (`ranged` false) or ranged attack.
/// `blinks`: the shot makes obstacle Blink! rolls (Expert Marksman, Shooter); `protective_blink`:
/// the Protective extra Blink! roll takes Expert Marksman.
fn attacker_traits(s: &AttackSetup, ranged: bool, blinks: bool, protective_blink: bool) -> Vec<&'static str> {
    let mut v = vec!["blind", "obsessive", "big"];
    if !s.weapon.unarmed {
        v.push("weapon_master");
    }
    if !ranged || s.readings.special_attack_ranged {
        v.extend(["precise_blow", "devastating_blow"]);
    }
    if ranged {
        v.extend(["master_marksman", "rapid_fire"]);
        if blinks {
            v.extend(["expert_marksman", "shooter"]);
        } else if protective_blink {
            v.push("expert_marksman");
        }
    } else {
        v.push("combo");
        if s.weapon.unarmed {
            v.extend(["masterfighter", "reinforced_gloves", "retractable_claws"]);
        }
        if s.melee.numerical_inferiority {
            v.push("mobster");
        }
    }
    v
}

/// Traits of a target that can change a melee or ranged attack against it.
fn target_traits(s: &AttackSetup, ranged: bool) -> Vec<&'static str> {
    let mut v = vec![
        "bat_armor_mk1",
        "bat_armor_mk2",
        "tough_skin",
        "kevlar_vest",
        "power_armor",
        "big",
        "catcher_gear",
        "football_gear",
    ];
    if s.weapon.traits.firearm {
        v.push("bulletproof_vest");
    }
    if s.weapon.traits.sharp || (s.weapon.unarmed && s.attacker.traits.retractable_claws) {
        v.push("hockey_gear");
    }
    if s.target_markers.stun + s.target_markers.wounds > 0 {
        v.extend(["insensitive", "sturdy", "weak"]);
    }
    if ranged {
        v.push("small");
        if s.ranged.dodge_counters > 0 {
            v.extend(["dodge", "acrobat", "reflexes", "blind"]);
        }
        if s.ranged.elusive {
            v.extend(["elusive", "blind"]);
        }
    } else {
        if s.melee.defense_counters > 0 {
            v.extend(["sustained_defense", "one_armed", "blind"]);
        }
        if s.melee.numerical_inferiority {
            v.push("martial_artist");
        }
    }
    v
}

/// Traits of a melee fighter in an exchange or (`duel`) a duel that can change its numbers.
fn melee_fighter_traits(duel: bool) -> Vec<&'static str> {
    let mut v = vec![
        "combo",
        "weapon_master",
        "masterfighter",
        "reinforced_gloves",
        "retractable_claws",
        "precise_blow",
        "devastating_blow",
        "blind",
        "obsessive",
        "big",
        "bat_armor_mk1",
        "bat_armor_mk2",
        "tough_skin",
        "kevlar_vest",
        "power_armor",
        "catcher_gear",
        "football_gear",
        "hockey_gear",
        "bulletproof_vest",
        "sustained_defense",
        "one_armed",
        "insensitive",
        "sturdy",
        "weak",
        "acrobat",
    ];
    if duel {
        v.extend(["resilient", "scientific", "mastermind", "kaos_agent", "perfect_plan"]);
    }
    v
}

/// Weapon traits that can change an attack, for the weapon (`own`) or the target's weapon.
fn weapon_traits_used(ranged: bool, own: bool) -> &'static [&'static str] {
    match (own, ranged) {
        (true, false) => &["handy", "firearm", "mechanic", "heavy", "sharp", "brutal", "precise_blow"],
        (true, true) => &[
            "handy",
            "firearm",
            "mechanic",
            "heavy",
            "sharp",
            "brutal",
            "precise_blow",
            "throwing",
            "rapid_fire",
            "light",
            "remote_controlled",
            "scope",
        ],
        (false, false) => &["protective", "defensive"],
        (false, true) => &["protective"],
    }
}

/// Names of the weapon traits set.
fn weapon_trait_names(t: &WeaponTraits) -> Vec<&'static str> {
    let all = [
        ("handy", t.handy),
        ("protective", t.protective),
        ("defensive", t.defensive),
        ("firearm", t.firearm),
        ("mechanic", t.mechanic),
        ("heavy", t.heavy),
        ("sharp", t.sharp),
        ("brutal", t.brutal),
        ("precise_blow", t.precise_blow),
        ("throwing", t.throwing),
        ("rapid_fire", t.rapid_fire),
        ("light", t.light),
        ("scratch", t.scratch),
        ("remote_controlled", t.remote_controlled),
        ("scope", t.scope),
    ];
    all.iter().filter(|(_, on)| *on).map(|(n, _)| *n).collect()
}

impl Batman<'_> {
    /// A note naming the traits of `card` (shown as `label`) outside `used`: they cannot change
    /// `what`.
    pub(crate) fn note_unused_traits_1e(&self, label: &str, card: &Card, used: &[&str], what: &str) {
        let unused: Vec<String> = card
            .traits
            .names()
            .into_iter()
            .filter(|n| !used.contains(n))
            .map(|n| format!("`{n}` ({})", trait_rule(n)))
            .collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "{label}'s trait{} {} cannot change {what}",
                if unused.len() > 1 { "s" } else { "" },
                unused.join(", ")
            )));
        }
    }

    /// The special attack an attack uses: the config's choice (`none`, `precise_blow`,
    /// `devastating_blow`; it must be on the card or the weapon), else the one offered.
    fn special_attack_1e(
        &self,
        chosen: Option<&str>,
        attacker: &Card,
        weapon: &Weapon,
        label: &str,
    ) -> Result<SpecialAttack, InputError> {
        let offered = SpecialAttack::available(attacker, weapon);
        match chosen {
            Some(name) => {
                let sa = SpecialAttack::ALL.iter().find(|(n, _)| *n == name).map(|(_, s)| *s).ok_or_else(|| {
                    self.err(
                        0,
                        &["attack", "special_attack"],
                        format!("unknown special attack `{name}`"),
                        "`none`, `precise_blow`, `devastating_blow`",
                    )
                })?;
                if sa != SpecialAttack::None && !offered.contains(&sa) {
                    return Err(self.err(
                        0,
                        &["attack", "special_attack"],
                        format!("{label} has no `{name}` (card trait, or a weapon's `precise_blow`)"),
                        "a special attack on the attacker's card or weapon, or `none`",
                    ));
                }
                Ok(sa)
            }
            None => {
                let sa = SpecialAttack::default_for(attacker, weapon);
                if offered.len() > 1 {
                    self.note(Note::ignored(format!(
                        "{label} has both `precise_blow` and `devastating_blow`; only one special attack per activation (seed L1716): `{}` is the one made when its counter can be paid (choose with `special_attack`)",
                        sa.name()
                    )));
                }
                Ok(sa)
            }
        }
    }

    /// Notes for an attack: traits and weapon traits that cannot change it, Scratch, Dodge.
    fn notes_attack_1e(&self, s: &AttackSetup, a_label: &str, t_label: &str, w_label: &str) {
        let ranged = matches!(s.weapon.kind, WeaponKind::Ranged { .. });
        let blink_rolls = ranged && !(s.weapon.traits.remote_controlled || s.weapon.traits.scope);
        let blinks = blink_rolls && !s.ranged.obstacles.is_empty();
        // Expert Marksman also modifies the Protective extra Blink! roll under
        // `protective_blink_modifiers`, unless the target lost its weapon's rule (issue #23 review,
        // finding 3).
        let protective_blink = blink_rolls
            && s.target_weapon.traits.protective
            && s.readings.protective_blink_modifiers
            && !loses_passive_traits(s);
        self.note_unused_traits_1e(
            a_label,
            &s.attacker,
            &attacker_traits(s, ranged, blinks, protective_blink),
            "this attack's numbers",
        );
        self.note_unused_traits_1e(t_label, &s.target, &target_traits(s, ranged), "this attack's numbers");
        let used = weapon_traits_used(ranged, true);
        let unused: Vec<&str> =
            weapon_trait_names(&s.weapon.traits).into_iter().filter(|n| !used.contains(n) && *n != "scratch").collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "weapon {w_label}: trait{} `{}` cannot change this attack (they act for the defender's weapon or the other attack kind)",
                if unused.len() > 1 { "s" } else { "" },
                unused.join("`, `")
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
        let unused: Vec<&str> =
            weapon_trait_names(&s.target_weapon.traits).into_iter().filter(|n| !used.contains(n)).collect();
        if !unused.is_empty() {
            self.note(Note::ignored(format!(
                "{t_label}'s weapon: trait{} `{}` cannot change an attack against it",
                if unused.len() > 1 { "s" } else { "" },
                unused.join("`, `")
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
